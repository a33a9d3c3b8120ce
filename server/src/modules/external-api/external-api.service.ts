/**
 * The external send API (issue 15 §3, server-behaviour §7; decisions 0295–0297): a connection's
 * token names the connection and its company; everything after runs as that company. A send asks
 * the number-health gate, checks the number on WhatsApp through that connection, finds or creates
 * the contact and the ticket, and stores the message like any other outbound one (ack 0 + its
 * `message.send` job in one transaction).
 */
import { NO_DUE_DATE, normalizePhone, type ApiSendResponse } from '@balcao/shared';
import { systemCtx, type DataAccess, type Unit } from '../../db/tenant';
import { dayIn, daysBetween, type Clock } from '../../infra/clock';
import type { UploadLimits } from '../../infra/config';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import type { MediaStore } from '../../infra/media-store';
import { LANGUAGE_SETTING } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { contactsQueries } from '../contacts';
import { captionsFor, classifyUpload, type ClassifiedUpload, displayName, queueOutbound, type Upload } from '../messages';
import { renderVariables } from '../../infra/variables';
import type { NumberHealth } from '../number-health';
import { ticketsQueries, type TicketRow } from '../tickets';
import { hashApiToken, sameHash, whatsappQueries, type WhatsAppChannel } from '../whatsapp';

/** Who a connection token speaks for. */
export interface ApiPrincipal {
  companyId: number;
  whatsappId: number;
}

/** What a send carries: text, or files with an optional caption. */
export interface ApiSend {
  number: string;
  body: string;
  files?: Upload[];
  requestId?: string;
}

export interface ExternalApiDeps {
  data: DataAccess;
  jobs: Jobs;
  clock: Clock;
  media: MediaStore;
  health: NumberHealth;
  /** The connection's live channel when this process holds its socket. */
  channelOf: (whatsappId: number) => Pick<WhatsAppChannel, 'checkNumber'> | undefined;
  uploads: { limits: UploadLimits; maxBytes: number };
  /** How long the number check may take (WhatsApp's answer). */
  checkTimeoutMs?: number;
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new AppError('ERR_WAPP_CHECK_CONTACT', 'WhatsApp did not answer the number check in time')), ms).unref())]);

export const createExternalApi = (deps: ExternalApiDeps) => {
  const checkTimeoutMs = deps.checkTimeoutMs ?? 10_000;

  /**
   * The connection a bearer names (system reason 'api:token': the company is not known before).
   * Unknown, rotated away or a user's session token: 401 ERR_INVALID_API_TOKEN. A company past its
   * due date: its tokens stop working like its sessions (server-behaviour §1).
   */
  const authenticate = async (bearer: string | undefined): Promise<ApiPrincipal> => {
    const token = bearer?.trim() ?? '';
    if (!token) throw new AppError('ERR_INVALID_API_TOKEN', 'send the connection token as "Authorization: Bearer <token>"');
    const hash = hashApiToken(token);
    const found = await deps.data.withSystem('api:token', ({ tx }) => whatsappQueries.byApiTokenHash(tx, hash));
    if (!found || !sameHash(found.apiTokenHash, hash)) {
      // A JWT (three dot-separated parts) is a user's session: never accepted here.
      const hint = token.split('.').length === 3 ? "a user's session token is not accepted here: use the connection token" : 'unknown or rotated token';
      throw new AppError('ERR_INVALID_API_TOKEN', hint);
    }
    const company = await deps.data.withTenant({ companyId: found.companyId }, ({ tx }) => companiesQueries.get(tx, found.companyId));
    if (!company) throw new AppError('ERR_INVALID_API_TOKEN');
    if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE');
    if (company.dueDate !== NO_DUE_DATE && daysBetween(dayIn(deps.clock.now(), company.timezone), company.dueDate) < 0) throw new AppError('ERR_SUBSCRIPTION_EXPIRED');
    return { companyId: found.companyId, whatsappId: found.id };
  };

  /** The contact's live ticket on the connection, else a new closed one that holds the message (decision 0297). */
  const ticketFor = async (unit: Unit, p: ApiPrincipal, number: string): Promise<TicketRow> => {
    const { tx } = unit;
    let contact = await contactsQueries.getByNumber(tx, p.companyId, number);
    if (!contact) {
      const [created] = await contactsQueries.insertFromPhone(tx, p.companyId, [{ name: number, number, named: false }]);
      contact = created ?? (await contactsQueries.getByNumber(tx, p.companyId, number));
      if (!contact) throw new AppError('ERR_CREATING_MESSAGE');
      if (created) {
        const dto = await contactsQueries.getDto(tx, p.companyId, created.id);
        if (dto) unit.stage({ type: 'contact.created', companyId: p.companyId, contact: dto });
      }
    }
    const live = await ticketsQueries.findLive(tx, p.companyId, contact.id, p.whatsappId);
    if (live) return live;
    const now = deps.clock.now();
    const created = await ticketsQueries.insertClosed(tx, { companyId: p.companyId, contactId: contact.id, whatsappId: p.whatsappId }, now);
    const ticket = created ?? (await ticketsQueries.findLive(tx, p.companyId, contact.id, p.whatsappId));
    if (!ticket) throw new AppError('ERR_CREATING_TICKET');
    if (created) unit.stage({ type: 'ticket.created', companyId: p.companyId, ticket: (await ticketsQueries.loadDto(tx, p.companyId, created.id))! });
    return ticket;
  };

  const send = async (p: ApiPrincipal, input: ApiSend): Promise<ApiSendResponse> => {
    const ctx = { ...systemCtx(p.companyId), requestId: input.requestId };
    let number = normalizePhone(input.number);
    if (!number) throw new AppError('ERR_VALIDATION', 'number: country code + area code + number');
    // Files are typed, allow-listed and size-checked before anything is asked or stored.
    const files: ClassifiedUpload[] = [];
    for (const f of input.files ?? []) files.push(await classifyUpload(f, undefined, deps.uploads));

    const connection = await deps.data.withTenant(ctx, ({ tx }) => whatsappQueries.get(tx, p.companyId, p.whatsappId));
    if (!connection) throw new AppError('ERR_INVALID_API_TOKEN');
    if (connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', `the connection "${connection.name}" is ${connection.status}`);

    // Number health first (issue 13 §6): the gate protects the number from bursts, checks included.
    // Paced (issue 28 §2): a burst is accepted and spaced out by the gate, each send at its slot;
    // only what will never go today is refused (an opt-out, the daily or warm-up cap).
    const gate = await deps.health.admit({ companyId: p.companyId, whatsappId: p.whatsappId, number, kind: 'api', pace: true });
    if (!gate.ok) {
      if (gate.reason === 'opt-out') throw new AppError('ERR_CONTACT_OPTED_OUT');
      if (gate.reason === 'window') throw new AppError('ERR_WINDOW_CLOSED', 'a Cloud API number sends only templates to a customer who has not written in 24 hours');
      throw new AppError('ERR_SEND_HELD', `held by the number's health gate: ${gate.reason}`, { reason: gate.reason, retryAt: gate.retryAt?.toISOString() ?? null });
    }

    // On WhatsApp? Asked through this very connection. A socket held by another process cannot be
    // asked from here: the send job (run there) then fails the message with the same code (decision 0296).
    const channel = deps.channelOf(p.whatsappId);
    if (channel) {
      const check = await withTimeout(channel.checkNumber(number), checkTimeoutMs).catch((err: unknown) => {
        throw err instanceof AppError ? err : new AppError('ERR_WAPP_CHECK_CONTACT');
      });
      if (!check.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'the number is not on WhatsApp');
      number = normalizePhone(check.number) || number;
    }
    const sendAt = gate.at;

    const saved: { f: ClassifiedUpload; name: string }[] = [];
    for (const f of files) saved.push({ f, name: await deps.media.save(p.companyId, f.source, { mimetype: f.mimetype, fileName: f.fileName }) });
    const captions = captionsFor(files, [input.body]);

    return deps.data.withTenant(ctx, async (unit) => {
      const ticket = await ticketFor(unit, p, number);
      const company = await companiesQueries.get(unit.tx, p.companyId);
      const language = await companiesQueries.getSetting(unit.tx, p.companyId, LANGUAGE_SETTING);
      const contact = await contactsQueries.get(unit.tx, p.companyId, ticket.contactId);
      const render = (text: string) =>
        renderVariables(text, { language, contactName: contact?.name ?? number, ticketId: ticket.id, now: deps.clock.now(), timeZone: company?.timezone ?? 'America/Sao_Paulo' });
      const ids: number[] = [];
      if (!saved.length) {
        ids.push((await queueOutbound(unit, deps.jobs, ticket, render(input.body), { userId: null, sendAt })).id);
      } else {
        for (const [i, { f, name }] of saved.entries()) {
          const caption = captions[i]!.trim() ? render(captions[i]!) : '';
          const body = caption || (f.mediaType === 'document' ? displayName(name) : '');
          const row = await queueOutbound(unit, deps.jobs, ticket, body, { userId: null, media: { type: f.mediaType, name, size: f.size }, ticketAnnounced: i < saved.length - 1, sendAt });
          ids.push(row.id);
        }
      }
      return { mensagem: 'Mensagem enviada' as const, messageId: ids[0]!, messageIds: ids, ticketId: ticket.id, contactId: ticket.contactId, sendAt: sendAt.toISOString() };
    });
  };

  return { authenticate, send };
};

export type ExternalApi = ReturnType<typeof createExternalApi>;
