/**
 * `balcao://tickets/<uuid>` and `balcao://chats/<uuid>`: links in notifications and e-mails that
 * open the desktop app on a ticket or an internal chat. Parsed strictly — anything else is
 * ignored, because the OS hands us whatever a web page or a mail put in such a link.
 */
import { z } from 'zod';

export const DEEP_LINK_SCHEME = 'balcao';

export type DeepLinkTarget = { kind: 'ticket' | 'chat'; uuid: string };

const KINDS = { tickets: 'ticket', chats: 'chat' } as const;
const Uuid = z.uuid();
// Exactly scheme://kind/uuid, an optional trailing slash, nothing else (no query, no fragment).
const SHAPE = /^balcao:\/\/(tickets|chats)\/([0-9a-fA-F-]{36})\/?$/;

export function parseDeepLink(value: unknown): DeepLinkTarget | undefined {
  if (typeof value !== 'string' || value.length > 200) return undefined;
  const match = SHAPE.exec(value.trim());
  if (!match) return undefined;
  const [, kind, uuid] = match as unknown as [string, keyof typeof KINDS, string];
  if (!Uuid.safeParse(uuid).success) return undefined;
  return { kind: KINDS[kind], uuid: uuid.toLowerCase() };
}

/** The first deep link among a process's arguments (Windows and Linux pass it on the command line). */
export function deepLinkInArgs(args: readonly string[]): DeepLinkTarget | undefined {
  for (const arg of args) {
    const target = parseDeepLink(arg);
    if (target) return target;
  }
  return undefined;
}
