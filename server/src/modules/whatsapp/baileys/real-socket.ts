/**
 * The production socket factory over `makeWASocket`. Only session-manager.ts loads this file, with
 * `import()` on the first Baileys connection: the library is ~58 MB of a process's memory that a
 * server running only the sandbox never needs (issue 26, `idle rss`).
 */
import makeWASocket, { Browsers, isJidBroadcast, isJidNewsletter } from '@whiskeysockets/baileys';
import { silentLogger, type BaileysSocketFactory } from './socket';

/** The production factory: one real WhatsApp Web socket per call. */
export const makeRealSocket: BaileysSocketFactory = (opts) =>
  makeWASocket({
    auth: opts.auth,
    getMessage: opts.getMessage,
    ...(opts.version ? { version: opts.version } : {}),
    logger: silentLogger,
    browser: Browsers.ubuntu('Balcão'),
    // Stay "offline" so the customer's phone keeps notifying the agent's own device.
    markOnlineOnConnect: false,
    syncFullHistory: false,
    // Stories, broadcast lists and channels never become tickets.
    shouldIgnoreJid: (jid) => !!(isJidBroadcast(jid) || isJidNewsletter(jid)),
  });
