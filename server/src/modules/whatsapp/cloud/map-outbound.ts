/**
 * `OutboundContent` → the body of a Cloud API `POST /<phone-number-id>/messages` (Meta's message
 * object: `messaging_product: "whatsapp"`, `to`, `type` and that type's object; `context` for a
 * reply). Media is uploaded first (`upload`) and sent by its id. Our id rides along as
 * `biz_opaque_callback_data`, which Meta repeats in the message's status webhooks.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ContactCard, OutboundMedia, SendableKind, TemplateContent } from '../channel-content';
import { ChannelError, type OutboundContent } from '../whatsapp.port';

export interface OutboundDeps {
  /** Uploads the media, answers its Cloud media id. */
  upload(media: { bytes: Buffer; mimetype: string; fileName: string }): Promise<string>;
  /** The wamid of a message we act on (ours are kept in CloudIds; the customer's are wamids). */
  wamidOf(id: string): Promise<string>;
}

const unsupported = (what: string) => new ChannelError('ERR_SENDING_WAPP_MSG', false, `the WhatsApp Cloud API cannot ${what}`);

const bytesOf = async (media: OutboundMedia): Promise<{ bytes: Buffer; mimetype: string; fileName: string }> => {
  const data = media.data;
  const path = Buffer.isBuffer(data) ? undefined : data.path;
  try {
    const bytes = Buffer.isBuffer(data) ? data : await readFile(data.path);
    return { bytes, mimetype: media.mimetype.split(';')[0]!.trim(), fileName: media.fileName ?? (path ? basename(path) : 'file') };
  } catch {
    throw new ChannelError('ERR_SENDING_WAPP_MSG', false, `the media file is not there (${path})`);
  }
};

const contactOf = (c: ContactCard) => {
  const digits = c.number.replace(/\D/g, '');
  return { name: { formatted_name: c.name, first_name: c.name }, phones: [{ phone: `+${digits}`, type: 'CELL', wa_id: digits }] };
};

/** The type and its object for content that carries something. */
const sendable = async (c: SendableKind, deps: OutboundDeps): Promise<Record<string, unknown>> => {
  switch (c.kind) {
    case 'text':
      return { type: 'text', text: { body: c.text, preview_url: false } };
    case 'image':
    case 'video': {
      const id = await deps.upload(await bytesOf(c.media));
      return { type: c.kind, [c.kind]: { id, ...(c.caption ? { caption: c.caption } : {}) } };
    }
    case 'document': {
      const file = await bytesOf(c.media);
      const id = await deps.upload(file);
      return { type: 'document', document: { id, filename: file.fileName, ...(c.caption ? { caption: c.caption } : {}) } };
    }
    case 'audio':
    case 'voice':
      // An ogg/opus audio shows as a voice note on the customer's phone; any other as an audio file.
      return { type: 'audio', audio: { id: await deps.upload(await bytesOf(c.media)) } };
    case 'location':
      return { type: 'location', location: { latitude: c.latitude, longitude: c.longitude, ...(c.name ? { name: c.name } : {}), ...(c.address ? { address: c.address } : {}) } };
    case 'contact':
      return { type: 'contacts', contacts: c.contacts.map(contactOf) };
  }
};

/**
 * A template's object (Meta's `template`: name, `language.code`, `components` with their
 * parameters): the header's text parameters or its media by link, then the body's; a NAMED
 * template names each parameter (`parameter_name`).
 */
const templateObject = (t: TemplateContent): Record<string, unknown> => {
  const parameters = (part: 'header' | 'body') =>
    t.params.filter((p) => p.part === part).map((p) => ({ type: 'text', text: p.text, ...(t.parameterFormat === 'NAMED' ? { parameter_name: p.name } : {}) }));
  const header = t.header ? [{ type: t.header.format.toLowerCase(), [t.header.format.toLowerCase()]: { link: t.header.link } }] : parameters('header');
  const body = parameters('body');
  const components = [...(header.length ? [{ type: 'header', parameters: header }] : []), ...(body.length ? [{ type: 'body', parameters: body }] : [])];
  return { name: t.name, language: { code: t.language }, ...(components.length ? { components } : {}) };
};

/** A business-scoped user id (`BR.1502…`): the number of a contact known without a phone (decision 0420). */
const isUserId = (to: string) => /^[A-Z]{2}\.[A-Za-z0-9.]+$/.test(to);

/**
 * The whole message body to `to` (digits) for `content`, sent under our id `id`. A contact known
 * only by its business-scoped user id is addressed by Meta's `recipient` instead of `to`.
 */
export const toCloudMessage = async (to: string, content: OutboundContent, id: string, deps: OutboundDeps): Promise<Record<string, unknown>> => {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', ...(isUserId(to) ? { recipient: to } : { to }), biz_opaque_callback_data: id };
  switch (content.kind) {
    case 'reaction':
      return { ...base, type: 'reaction', reaction: { message_id: await deps.wamidOf(content.target.id), emoji: content.emoji } };
    case 'edit':
      throw unsupported('edit a sent message');
    case 'revoke':
      throw unsupported('delete a sent message for everyone');
    case 'template':
      return { ...base, type: 'template', template: templateObject(content) };
    case 'list':
      return { ...base, type: 'interactive', interactive: { type: 'list', body: { text: content.body }, action: { button: content.button, sections: [{ rows: content.rows }] } } };
    case 'forward':
      // No "forwarded" mark on the Cloud API: the content goes as a new message.
      return { ...base, ...(await sendable(content.content, deps)) };
    default: {
      const { quoted, ...rest } = content;
      const context = quoted ? { context: { message_id: await deps.wamidOf(quoted.id) } } : {};
      return { ...base, ...context, ...(await sendable(rest as SendableKind, deps)) };
    }
  }
};
