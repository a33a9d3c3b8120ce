/**
 * The e2e server: the product exactly as `npm start` runs it (server/src/main.ts startServer),
 * except that WhatsApp is a fake network driven over HTTP on E2E_CONTROL_PORT (fake-network.ts).
 * Test-only, never shipped. Logs "E2E control listening on ..." before "Balcão is running".
 * Mail goes to a local SMTP server started here (SMTP_URL points at it); specs read what it
 * received through the control server's GET /mails (password reset codes, issue 14).
 */
import { startServer } from '../../src/main';
import type { SessionManager } from '../../src/modules/whatsapp/session-manager';
import { startLocalSmtp } from '../helpers/local-smtp';
import { createFakeNetwork, startControlServer } from './fake-network';

const run = async () => {
  const port = Number(process.env.E2E_CONTROL_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_CONTROL_PORT must be set to a free port');
  const network = createFakeNetwork();
  const app: { sessions?: SessionManager } = {};
  const smtp = await startLocalSmtp();
  process.env.SMTP_URL = smtp.url;
  // Listening before the product starts: once "Balcão is running" is printed, the network is drivable.
  await startControlServer(network, () => app.sessions, port, smtp);
  console.log(`E2E control listening on http://127.0.0.1:${port}`);
  app.sessions = (await startServer({ baileysSocketFactory: network.factory })).sessions;
};

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
