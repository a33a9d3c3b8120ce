import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { TicketDto } from '@balcao/shared';
import { Api, uniqueCustomer, uniqueStamp, type Credentials } from './api';
import { superUser, E2E_DOMAIN } from './constants';
import { watchRealtime, signIn } from './ui';

export interface Agent extends Credentials {
  name: string;
  id: number;
}

export interface DeskWorld {
  stamp: string;
  /** A third admin of the company, for seeding through the API (the agents are in browsers). */
  api: Api;
  ana: Agent;
  bruno: Agent;
  /** An admin for the Simulador's browser (the customer's phone). */
  phoneUser: Credentials;
  whatsappId: number;
  queues: { id: number; name: string }[];
}

/**
 * A company of its own: two admins (Ana and Bruno) for the browsers, the API's (its first admin),
 * one for the Simulador, a sandbox connection and two queues.
 */
export const deskWorld = async (request: APIRequestContext): Promise<DeskWorld> =>
  test.step('setup: a company with a sandbox connection, two queues, two agents and an API admin', async () => {
    const stamp = uniqueStamp();
    const ana = { name: `Ana ${stamp}`, email: `ana.${stamp}@${E2E_DOMAIN}`, password: 'AnaDesk1234!' };
    const bruno = { name: `Bruno ${stamp}`, email: `bruno.${stamp}@${E2E_DOMAIN}`, password: 'BrunoDesk123!' };
    const helper = { name: 'API', email: `api.${stamp}@${E2E_DOMAIN}`, password: 'ApiDesk1234!' };
    // The API admin is the company's first admin, who makes the others.
    const owner = await Api.login(request, superUser());
    await owner.createCompany(`Empresa ${stamp}`, helper);
    const api = await Api.login(request, helper);
    const a = await api.createUser({ ...ana, profile: 'admin' });
    const b = await api.createUser({ ...bruno, profile: 'admin' });
    const phoneUser = { name: 'Telefone', email: `telefone.${stamp}@${E2E_DOMAIN}`, password: 'TelefoneDesk1!' };
    await api.createUser({ ...phoneUser, profile: 'admin' });
    const sandbox = await api.createSandboxConnection();
    const queues = [];
    for (const [name, color] of [['Atendimento', '#1677ff'], ['Financeiro', '#fa8c16']] as const) queues.push(await api.post<{ id: number; name: string }>('/queue', { name, color }));
    return {
      stamp,
      api,
      ana: { ...ana, id: a.id },
      bruno: { ...bruno, id: b.id },
      phoneUser,
      whatsappId: sandbox.id,
      queues,
    };
  });

/** A customer writes `words`; resolves with the ticket the pipeline made. */
export const customerTicket = async (world: DeskWorld, words: string, label = 'Cliente'): Promise<{ customer: { number: string; name: string }; ticket: TicketDto }> => {
  const customer = uniqueCustomer(label);
  await world.api.customerSays(world.whatsappId, customer, words);
  let ticket: TicketDto | undefined;
  await expect(async () => {
    ticket = await world.api.liveTicketOf(customer.number);
  }).toPass({ timeout: 15_000 });
  return { customer, ticket: ticket! };
};

/** A browser context of its own with `who` logged in on `path` and its live connection up. */
export const agentPage = async (browser: Browser, who: Credentials, path = '/tickets'): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const realtime = watchRealtime(page);
  await signIn(page, who, path);
  await realtime;
  return { context, page };
};

/** Picks `label` in an antd Select (a plain one: its dropdown lists every option). */
export const pick = async (page: Page, select: Locator, label: string): Promise<void> => {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
};
