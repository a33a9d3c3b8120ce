import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { TicketDto } from '@balcao/shared';
import { Api, uniqueCustomer, uniqueStamp } from './api';
import { superUser, E2E_DOMAIN } from './constants';
import { Phone } from './simulator';
import { UUID_URL, customerMessages, showList, ticketItem, watchRealtime, signIn, storeSession } from './ui';

export interface ConversationWorld {
  stamp: string;
  /** A third admin of the company, for seeding through the API (the other two are in browsers). */
  api: Api;
  agentId: number;
  queueId: number;
  customer: { number: string; name: string };
  /** The customer's phone: the Simulador in its own browser context, logged in as another admin. */
  phone: Phone;
  phoneContext: BrowserContext;
  ticket: TicketDto;
}

/**
 * A company of its own (seeded through the API): a sandbox connection, a queue named
 * "Atendimento" and three admins — the agent (its first admin), the phone's user (the Simulador
 * runs in another browser) and a helper behind `api`. One session per user: the agent's page,
 * the phone's page and the API would otherwise log each other out.
 */
export const seedConversationCompany = async (request: APIRequestContext) => {
  const stamp = uniqueStamp();
  const agent = { name: 'Agente', email: `agente.${stamp}@${E2E_DOMAIN}`, password: 'Agente1234!' };
  const phoneUser = { name: 'Telefone', email: `telefone.${stamp}@${E2E_DOMAIN}`, password: 'Telefone123!', profile: 'admin' as const };
  const helper = { name: 'API', email: `api.${stamp}@${E2E_DOMAIN}`, password: 'ApiConversa1!', profile: 'admin' as const };
  const customer = uniqueCustomer('Cliente');
  const seeded = await test.step('setup: a company with a sandbox connection, a queue and three admins', async () => {
    const owner = await Api.login(request, superUser());
    const company = await owner.createCompany(`Empresa ${stamp}`, agent);
    const first = await Api.login(request, agent);
    await first.createUser(phoneUser);
    await first.createUser(helper);
    const api = await Api.login(request, helper);
    await api.createSandboxConnection();
    const queue = await api.post<{ id: number }>('/queue', { name: 'Atendimento', color: '#1677ff' });
    return { api, agentId: company.adminUserId, queueId: queue.id };
  });
  return { stamp, agent, phoneUser, customer, ...seeded };
};

/**
 * A company of its own with a sandbox connection and a queue; the agent (its first admin) logged
 * in on `page`; the customer's phone open in the Simulador; the customer's first words made a
 * ticket, which the agent took and has open. Close `phoneContext` at the end.
 */
export const startConversation = async (
  { page, browser, request }: { page: Page; browser: Browser; request: APIRequestContext },
  firstWords: string,
): Promise<ConversationWorld> => {
  const { stamp, agent, phoneUser, customer, api, agentId, queueId } = await seedConversationCompany(request);

  const realtime = watchRealtime(page);
  await signIn(page, agent);
  await realtime;

  const phoneContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const phonePage = await phoneContext.newPage();
  await storeSession(phonePage, phoneUser);
  const phone = new Phone(phonePage);
  await phone.open(customer);

  const ticket = await test.step('the first words make a ticket; the agent takes it and opens it', async () => {
    await phone.say(firstWords);
    const pending = await showList(page, 'pending');
    await expect(pending.getByTestId('ticket-item').filter({ hasText: customer.name })).toBeVisible();
    const ticket = await api.liveTicketOf(customer.number);
    await api.put(`/tickets/${ticket.id}`, { status: 'open', userId: agentId, queueId });
    const open = await showList(page, 'open');
    await ticketItem(open, ticket.id).click();
    await expect(page).toHaveURL(UUID_URL);
    await expect(customerMessages(page).filter({ hasText: firstWords })).toBeVisible();
    return ticket;
  });

  return { stamp, api, agentId, queueId, customer, phone, phoneContext, ticket };
};
