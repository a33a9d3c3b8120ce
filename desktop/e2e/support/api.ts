import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type {
  CompanyDto,
  ListTicketsResponse,
  LoginResponse,
  SandboxOutboxItem,
  SessionUserDto,
  TicketDto,
  TicketStatus,
  UserDto,
  WhatsappDto,
} from '@balcao/shared';

export interface Credentials {
  email: string;
  password: string;
}

/** Fails with the server's answer in the message, so a broken setup call says why. */
const ok = async <T>(response: APIResponse, what: string): Promise<T> => {
  expect(response.ok(), `${what} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
};

/**
 * The REST API as one user sees it (bearer token). Remember: logging in as a user ends that
 * user's other sessions, so never log in here as the user a browser page is logged in as.
 */
export class Api {
  private constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
    readonly user: SessionUserDto,
  ) {}

  static async login(request: APIRequestContext, who: Credentials): Promise<Api> {
    const res = await request.post('/auth/login', { data: { email: who.email, password: who.password } });
    const body = await ok<LoginResponse>(res, `login ${who.email}`);
    return new Api(request, body.token, body.user);
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  get<T>(path: string, params?: Record<string, string | number | boolean>): Promise<T> {
    return this.request.get(path, { headers: this.headers, params }).then((r) => ok<T>(r, `GET ${path}`));
  }

  post<T>(path: string, data: unknown): Promise<T> {
    return this.request.post(path, { headers: this.headers, data }).then((r) => ok<T>(r, `POST ${path}`));
  }

  put<T>(path: string, data: unknown): Promise<T> {
    return this.request.put(path, { headers: this.headers, data }).then((r) => ok<T>(r, `PUT ${path}`));
  }

  /** Super user only: a new company with its first admin. */
  createCompany(name: string, admin: Credentials & { name: string }): Promise<CompanyDto & { adminUserId: number }> {
    return this.post('/companies', { name, admin });
  }

  createUser(user: Credentials & { name: string; profile: 'admin' | 'user' | 'supervisor' }): Promise<UserDto> {
    return this.post('/users', user);
  }

  createSandboxConnection(name = 'Sandbox'): Promise<WhatsappDto> {
    return this.post('/whatsapp', { name, provider: 'sandbox' });
  }

  async sandboxConnection(): Promise<WhatsappDto> {
    const all = await this.get<WhatsappDto[]>('/whatsapp');
    const sandbox = all.find((w) => w.provider === 'sandbox');
    expect(sandbox, `a sandbox connection among ${JSON.stringify(all.map((w) => w.provider))}`).toBeTruthy();
    return sandbox!;
  }

  /**
   * The simulated customer writes to the company. Returns the raw response (202 expected) so a
   * caller can start it and measure the UI from the moment of the call.
   */
  inbound(whatsappId: number, customer: { number: string; name?: string }, body: string): Promise<APIResponse> {
    return this.request.post(`/sandbox/connections/${whatsappId}/inbound`, {
      headers: this.headers,
      data: { from: customer.number, name: customer.name, body },
    });
  }

  /** Inbound and wait for the 202. */
  async customerSays(whatsappId: number, customer: { number: string; name?: string }, body: string): Promise<void> {
    const res = await this.inbound(whatsappId, customer, body);
    expect(res.status(), `inbound → ${await res.text()}`).toBe(202);
  }

  /** What the simulated phone of `to` has received. */
  outbox(whatsappId: number, to: string): Promise<SandboxOutboxItem[]> {
    return this.get(`/sandbox/connections/${whatsappId}/outbox`, { to });
  }

  tickets(query: { status?: TicketStatus; showAll?: boolean; pageNumber?: number } = {}): Promise<ListTicketsResponse> {
    const params: Record<string, string | number> = { pageNumber: query.pageNumber ?? 1 };
    if (query.status) params.status = query.status;
    if (query.showAll) params.showAll = 'true';
    return this.get('/tickets', params);
  }

  /**
   * What an admin's count pills show: "Aguardando" counts pending + attending (bot-held) tickets,
   * "Atendendo" open ones (an admin's lists show the whole company).
   */
  async listCounts(): Promise<{ pending: number; open: number }> {
    const count = async (status: TicketStatus) => (await this.tickets({ status, showAll: true })).count;
    const [pending, attending, open] = await Promise.all([count('pending'), count('attending'), count('open')]);
    return { pending: pending + attending, open };
  }

  ticketByUuid(uuid: string): Promise<TicketDto> {
    return this.get(`/tickets/u/${uuid}`);
  }

  /** The live (not closed) ticket of a customer, waiting for the pipeline to have made it. */
  async liveTicketOf(customerNumber: string): Promise<TicketDto> {
    const res = await this.tickets({ showAll: true });
    const ticket = res.tickets.find((t) => t.contact.number === customerNumber && t.status !== 'closed');
    expect(ticket, `a live ticket of ${customerNumber}`).toBeTruthy();
    return ticket!;
  }

  updateTicket(id: number, data: { status: TicketStatus; userId?: number | null }): Promise<TicketDto> {
    return this.put(`/tickets/${id}`, data);
  }
}

let counter = 0;

/** Phone numbers (digits only) and names nobody else in this run or an earlier one has used. */
export const uniqueCustomer = (label: string): { number: string; name: string } => {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  return { number: `55${stamp}`.slice(0, 20), name: `${label} ${stamp}` };
};

export const uniqueStamp = (): string => `${Date.now()}${(counter += 1)}`;
