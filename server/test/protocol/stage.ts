/**
 * The stage the protocol suite plays on: the whole server (real PostgreSQL, listening), the spec
 * client's origin allow-listed, one company with a sandbox phone, and a customer on that phone.
 */
import type { Config } from '../../src/infra/config';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';
import { uniquePhone } from '../helpers/tenants';
import { SpecClient, specClientConfig, type WireTicket } from './client';

export const PASSWORD = 'Secret123';

export interface Stage {
  app: TestApp;
  c: TestCompany;
  /** A logged-in spec client (tab) for the company admin. */
  adminTab(): Promise<SpecClient>;
  /** A logged-in spec client for a new regular user in the given queues. */
  userTab(queueIds: number[]): Promise<SpecClient>;
  /**
   * The simulated customer writes (the sandbox connection's inbound route): returns the live
   * ticket of that phone as the admin's GET /tickets sees it.
   */
  customerWrites(phone: string, body: string, name?: string): Promise<WireTicket>;
  close(): Promise<void>;
}

/** `config`: what this installation sets (e.g. the private-network guard on, as deployed). */
export const createStage = async (config: Partial<Config> = {}): Promise<Stage> => {
  const app = await createTestApp({ config: { ...specClientConfig(), ...config } });
  const c = await createCompany(app);
  const admin = api(app, c.adminToken);
  const tab = async (email: string) => {
    const client = new SpecClient(app);
    const { res, admitted } = await client.login(email, PASSWORD);
    if (!admitted) throw new Error(`the spec client refused the login of ${email}: ${res.status} ${JSON.stringify(res.data)}`);
    return client;
  };
  return {
    app,
    c,
    adminTab: () => tab(c.admin.email),
    userTab: async (queueIds) => {
      const { user } = await c.addUser({ queueIds });
      return tab(user.email);
    },
    customerWrites: async (phone, body, name = `Cliente ${phone.slice(-4)}`) => {
      const r = await c.inbound(phone, body, { name });
      if (r.status !== 202) throw new Error(`inbound: ${r.status}`);
      const [row] = await app.owner`select t.uuid from tickets t join contacts ct on ct.id = t.contact_id
        where ct.number = ${phone} and t.company_id = ${c.companyId} and t.status <> 'closed'`;
      if (!row) throw new Error(`no live ticket for ${phone}`);
      const t = await admin.get<WireTicket>(`/tickets/u/${row.uuid as string}`);
      if (t.status !== 200) throw new Error(`ticket ${row.uuid}: ${t.status}`);
      return t.body;
    },
    close: () => app.close(),
  };
};

export { uniquePhone };
