/**
 * The e2e server: the product exactly as `npm start` runs it (server/src/main.ts startServer),
 * except that WhatsApp is a fake network driven over HTTP on E2E_CONTROL_PORT (fake-network.ts).
 * Test-only, never shipped. Logs "E2E control listening on ..." before "Balcão is running".
 * Mail goes to a local SMTP server started here (SMTP_URL points at it); specs read what it
 * received through the control server's GET /mails (password reset codes, issue 14).
 */
import { startServer } from '../../src/main';
import { createBillingService, createSandboxProvider } from '../../src/modules/billing';
import type { SessionManager } from '../../src/modules/whatsapp/session-manager';
import { startLocalSmtp } from '../helpers/local-smtp';
import { createFakeNetwork, startControlServer } from './fake-network';

const run = async () => {
  const port = Number(process.env.E2E_CONTROL_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_CONTROL_PORT must be set to a free port');
  const network = createFakeNetwork();
  const app: { sessions?: SessionManager; invoices?: () => Promise<{ companies: number; created: number }> } = {};
  const smtp = await startLocalSmtp();
  process.env.SMTP_URL = smtp.url;
  // Listening before the product starts: once "Balcão is running" is printed, the network is drivable.
  // The daily invoice job on demand (issue 14 §7): the billing module's own run, as its cron calls it.
  const billing = { generateInvoices: () => (app.invoices ? app.invoices() : Promise.reject(new Error('server still starting'))) };
  await startControlServer(network, () => app.sessions, port, smtp, billing);
  console.log(`E2E control listening on http://127.0.0.1:${port}`);
  const built = await startServer({ baileysSocketFactory: network.factory });
  app.sessions = built.sessions;
  // generateInvoices reads no provider: the sandbox stands in for whichever is configured.
  const sandbox = createSandboxProvider({ data: built.data, secret: 'e2e-invoice-run' });
  app.invoices = () => createBillingService({ data: built.data, provider: sandbox, providers: {} }).generateInvoices();
};

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
