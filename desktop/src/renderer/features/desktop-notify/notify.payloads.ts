import type { AnnouncementEvent, ChatMessageEvent } from './notify.rules';

/**
 * The spec's client reads these channels without a schema of ours (the internal chat and the
 * announcements are built alongside; decision 0305). Read defensively: anything unexpected is
 * ignored rather than shown half-filled.
 */

const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `company-<id>-chat-user-<userId>` `{ action: 'new-message', record: chat, newMessage }`: the message for a member. */
export const chatMessageOf = (payload: unknown): ChatMessageEvent | null => {
  const p = obj(payload);
  if (!p || p.action !== 'new-message') return null;
  const chat = obj(p.record) ?? obj(p.chat);
  const message = obj(p.newMessage) ?? obj(p.message);
  if (!chat || !message) return null;
  const uuid = str(chat.uuid);
  const senderId = int(message.senderId);
  const text = str(message.message) ?? str(message.body);
  if (!uuid || !UUID.test(uuid) || senderId === null || text === null) return null;
  const sender = obj(message.sender);
  return {
    chat: { uuid: uuid.toLowerCase(), title: str(chat.title) ?? '' },
    senderId,
    senderName: str(sender?.name) ?? str(message.senderName) ?? '',
    text,
  };
};

/** `company-<id>-announcement` `{ action, record }` (delete: `{ action, id }`). */
export const announcementOf = (payload: unknown): AnnouncementEvent | null => {
  const p = obj(payload);
  const action = p?.action;
  if (action !== 'create' && action !== 'update' && action !== 'delete') return null;
  const record = obj(p!.record) ?? obj(p!.announcement);
  const id = int(record?.id ?? p!.id);
  if (id === null) return null;
  if (!record) return { action, id, title: '', text: '', priority: 3, active: false };
  const status = record.status;
  return {
    action,
    id,
    title: str(record.title) ?? '',
    text: str(record.text) ?? '',
    priority: int(record.priority) ?? 3,
    // The spec's status is a boolean (or 1/0); absent means shown.
    active: status === undefined || status === null || status === true || status === 1 || status === 'true' || status === '1',
  };
};
