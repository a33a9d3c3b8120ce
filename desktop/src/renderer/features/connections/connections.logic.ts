import dayjs from 'dayjs';
import type { ConnectionStatus, WhatsappDto, WhatsappSessionPayload } from '@balcao/shared';

/** '+CC (DD) NNNN-NNNN', or '+CC (DD) NNNNN-NNNN' for 13 digits; '@c.us' dropped; anything else as is. */
export const formatPhone = (raw: string | null | undefined): string => {
  const number = (raw ?? '').replace(/@c\.us$/, '');
  const digits = number.replace(/\D/g, '');
  if (digits.length === 12) return `+${digits.slice(0, 2)} (${digits.slice(2, 4)}) ${digits.slice(4, 8)}-${digits.slice(8)}`;
  if (digits.length === 13) return `+${digits.slice(0, 2)} (${digits.slice(2, 4)}) ${digits.slice(4, 9)}-${digits.slice(9)}`;
  return number;
};

/** dd/MM/yy HH:mm (local time). */
export const formatUpdatedAt = (iso: string | null | undefined): string => {
  const d = iso ? dayjs(iso) : null;
  return d?.isValid() ? d.format('DD/MM/YY HH:mm') : '';
};

export type ConnectionAction = 'qr' | 'retry' | 'newqr' | 'disconnect' | 'connecting';

/** The session buttons each status shows (administration.md §2). */
export const actionsFor = (status: ConnectionStatus): ConnectionAction[] => {
  switch (status) {
    case 'qrcode':
      return ['qr'];
    case 'DISCONNECTED':
      return ['retry', 'newqr'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
  }
};

const ATTENTION: readonly ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];
/** The side menu's '!' on Conexões: any connection not simply connected. */
export const needsAttention = (list: readonly Pick<WhatsappDto, 'status'>[]): boolean => list.some((w) => ATTENTION.includes(w.status));

/** `w` is an older state than `than` (an HTTP answer overtaken by a live event, say). */
const older = (w: Pick<WhatsappDto, 'updatedAt'>, than: Pick<WhatsappDto, 'updatedAt'>): boolean => Date.parse(w.updatedAt) < Date.parse(than.updatedAt);

/** A company has one default connection: a new default takes the flag from the others. */
const oneDefault = (list: WhatsappDto[], w: WhatsappDto): WhatsappDto[] =>
  w.isDefault ? list.map((x) => (x.id !== w.id && x.isDefault ? { ...x, isDefault: false } : x)) : list;

/**
 * Insert or replace by id, keeping the list ordered by id; an older state never replaces a newer
 * one. A default connection clears the others' flag here: creating one tells no one else (POST
 * /whatsapp sends no update for the connection that lost the flag).
 */
export const upsertConnection = (list: WhatsappDto[], w: WhatsappDto): WhatsappDto[] => {
  const current = list.find((x) => x.id === w.id);
  if (!current) return oneDefault([...list, w].sort((a, b) => a.id - b.id), w);
  return older(w, current) ? list : oneDefault(list.map((x) => (x.id === w.id ? w : x)), w);
};

export const removeConnection = (list: WhatsappDto[], id: number): WhatsappDto[] => list.filter((w) => w.id !== id);

/**
 * A connection fetched again replaces the listed one unless a newer update (a later
 * `updatedAt`) arrived meanwhile; a connection no longer listed (deleted) stays out.
 */
export const refreshConnection = (list: WhatsappDto[], w: WhatsappDto): WhatsappDto[] =>
  list.map((x) => (x.id === w.id && !older(w, x) ? w : x));

/** A session update carries status, qrcode, retries and updatedAt for a connection we already list (older ones are dropped). */
export const applySession = (list: WhatsappDto[], s: WhatsappSessionPayload): WhatsappDto[] =>
  list.map((w) => (w.id === s.id && !older(s, w) ? { ...w, status: s.status, qrcode: s.qrcode, pairingCode: s.pairingCode ?? '', retries: s.retries, updatedAt: s.updatedAt } : w));
