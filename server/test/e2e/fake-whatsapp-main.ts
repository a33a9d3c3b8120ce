/**
 * The e2e server: the product exactly as `npm start` runs it (server/src/main.ts startServer),
 * except that WhatsApp is a fake network driven over HTTP on E2E_CONTROL_PORT (fake-network.ts).
 * Test-only, never shipped. Logs "E2E control listening on ..." before "Balcão is running".
 * Cloud API connections call a fake Graph API (fake-cloud.ts) the control server drives.
 * Mail goes to a local SMTP server started here (SMTP_URL points at it); specs read what it
 * received through the control server's GET /mails (password reset codes, issue 14).
 * E2E_SUPER_USERS (comma-separated e-mails, ADMIN_PASSWORD) adds super users to the platform
 * company, one per Playwright worker; then it logs "E2E super users ready".
 */
import { startServer } from '../../src/main';
import type { DataAccess } from '../../src/db/tenant';
import { createBillingService, createSandboxProvider } from '../../src/modules/billing';
import { platform } from '../../src/modules/companies/companies.repository';
import { hashPassword, usersQueries } from '../../src/modules/users';
import type { SessionManager } from '../../src/modules/whatsapp/session-manager';
import { startLocalSmtp } from '../helpers/local-smtp';
import { startFakeCloud } from './fake-cloud';
import { createFakeNetwork, startControlServer } from './fake-network';

/**
 * A login ends the user's other sessions (decision 0004): a spec logging in as the one seeded
 * owner would log out another worker's browser open as that owner. Each worker gets its own.
 */
const addSuperUsers = async (data: DataAccess, emails: string[], password: string): Promise<void> => {
  const passwordHash = await hashPassword(password);
  await data.withSystem('test:fixtures', async ({ tx }) => {
    const company = await platform(tx);
    if (!company) throw new Error('no platform company after the seed');
    for (const [i, email] of emails.entries()) {
      await usersQueries.insert(tx, company.id, { name: `Super ${i}`, email, passwordHash, profile: 'admin', super: true });
    }
  });
};

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
  // Meta's Graph API for Cloud API connections (issue 29): the product calls the fake, which posts
  // customers' messages to the product's webhook.
  const cloud = await startFakeCloud(`http://127.0.0.1:${process.env.PORT ?? 8080}/channels/whatsapp-cloud/webhook`);
  process.env.WHATSAPP_CLOUD_BASE_URL = cloud.graph.base;
  await startControlServer(network, () => app.sessions, port, smtp, billing, cloud);
  console.log(`E2E control listening on http://127.0.0.1:${port}`);
  const built = await startServer({ baileysSocketFactory: network.factory });
  app.sessions = built.sessions;
  // generateInvoices reads no provider: the sandbox stands in for whichever is configured.
  const sandbox = createSandboxProvider({ data: built.data, secret: 'e2e-invoice-run' });
  app.invoices = () => createBillingService({ data: built.data, provider: sandbox, providers: {} }).generateInvoices();
  const supers = (process.env.E2E_SUPER_USERS ?? '').split(',').filter(Boolean);
  await addSuperUsers(built.data, supers, process.env.ADMIN_PASSWORD ?? '');
  console.log(`E2E super users ready (${supers.length})`);
};

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
