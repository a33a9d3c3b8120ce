/**
 * A stored outgoing message → what the channel sends, and a failed send → what is recorded.
 * Pure: the send worker (`messages.jobs.ts`) reads the rows and the media path, then asks these.
 */
import type { JobMeta } from '../../infra/jobs';
import { mimetypeOfName, originalName } from '../../infra/media-store';
import { ChannelError, type ChannelErrorCode, type OutboundContent, type ListContent, type OutboundMedia, type SendableKind, type TemplateContent } from '../whatsapp';
import type { MessageRow } from './messages.repository';

type Row = Pick<MessageRow, 'body' | 'mediaType' | 'mediaUrl'> & Partial<Pick<MessageRow, 'isForwarded' | 'raw'>>;
type QuotedRow = Pick<MessageRow, 'waMessageId' | 'fromMe' | 'body'>;

/** When the extension says nothing: what each media type usually is. */
const FALLBACK: Record<string, string> = { image: 'image/jpeg', video: 'video/mp4', audio: 'audio/mpeg', ptt: 'audio/mpeg', voice: 'audio/mpeg', document: 'application/octet-stream' };

/** The name the customer sees: the stored name without the store's random prefix. */
export const displayName = originalName;

/** By the stored file's extension (the media store keeps the original one), else by kind. */
export const mimetypeOf = (storedName: string, mediaType: string): string => mimetypeOfName(storedName) ?? FALLBACK[mediaType] ?? 'application/octet-stream';

const permanent = (message: string) => new ChannelError('ERR_SENDING_WAPP_MSG', false, message);

const sendable = <Q extends object>(row: Row, quote: Q, mediaPath: string | undefined): SendableKind & Q => {
  if (!row.mediaType) return { kind: 'text', text: row.body, ...quote };
  if (!row.mediaUrl || !mediaPath) throw permanent(`message media ${row.mediaUrl ?? '(none)'} is not a stored file`);
  const fileName = displayName(row.mediaUrl);
  const media: OutboundMedia = { data: { path: mediaPath }, mimetype: mimetypeOf(row.mediaUrl, row.mediaType), fileName };
  const caption = row.body && row.body !== fileName ? { caption: row.body } : {};
  switch (row.mediaType) {
    case 'image':
    case 'video':
    case 'document':
      return { kind: row.mediaType, media, ...caption, ...quote };
    case 'audio':
      return { kind: 'audio', media, ...quote };
    case 'ptt':
    case 'voice':
      return { kind: 'voice', media, ...quote };
    default:
      throw permanent(`cannot send media of type ${row.mediaType}`);
  }
};

/**
 * The content for the channel. `mediaPath` is the stored file of `row.mediaUrl` (undefined when
 * the name is not one of the company's). A media row's body is its caption (a document's body
 * may be just its file name: no caption then). A forwarded row goes marked forwarded, unquoted.
 */
export const toOutboundContent = (row: Row, quoted: QuotedRow | null | undefined, mediaPath: string | undefined): OutboundContent => {
  // A template waits in raw until sent (decision 0390); its body is only the rendered text shown here.
  const raw = row.raw as { template?: TemplateContent; list?: ListContent } | null | undefined;
  if (raw?.template?.kind === 'template') return raw.template;
  // An interactive list likewise (decision 0430).
  if (raw?.list?.kind === 'list') return raw.list;
  if (row.isForwarded) return { kind: 'forward', content: sendable(row, {}, mediaPath) };
  return sendable(row, quoted ? { quoted: { id: quoted.waMessageId, fromMe: quoted.fromMe, body: quoted.body } } : {}, mediaPath);
};

export interface SendFailure {
  code: ChannelErrorCode;
  /** Record ack -1 now: permanent, or the last retry. */
  giveUp: boolean;
}

/** Any error of a send → its code and whether to stop; non-channel errors are temporary. */
export const sendFailure = (err: unknown, meta: JobMeta): SendFailure => {
  const e = err instanceof ChannelError ? err : new ChannelError('ERR_SENDING_WAPP_MSG', true);
  return { code: e.code, giveUp: !e.temporary || meta.retryCount >= meta.retryLimit };
};
