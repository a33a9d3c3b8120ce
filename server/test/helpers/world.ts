import type { LoginResponse, TicketDto, UserDto, WhatsappDto } from '@balcao/shared';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from './constants';

let seq = 0;
const unique = (p: string) => `${p}${process.pid}x${++seq}`;

/** Calls the API the way a client would, with a bearer token. */
export const api = (app: TestApp, token?: string) => {
  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as T, headers: res.headers };
  };
  return {
    get: <T = unknown>(url: string) => call<T>('GET', url),
    post: <T = unknown>(url: string, payload?: unknown) => call<T>('POST', url, payload ?? {}),
    put: <T = unknown>(url: string, payload?: unknown) => call<T>('PUT', url, payload ?? {}),
    del: <T = unknown>(url: string) => call<T>('DELETE', url),
  };
};

export const login = async (app: TestApp, email: string, password: string): Promise<LoginResponse> => {
  const res = await api(app).post<LoginResponse>('/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

export interface TestCompany {
  companyId: number;
  adminToken: string;
  admin: UserDto;
  whatsapp: WhatsappDto;
  /** The customer's phone: deliver a message to this company's sandbox connection. */
  inbound(from: string, body: string, opts?: { id?: string; name?: string }): Promise<{ status: number; id: string }>;
  /** A regular user (or supervisor) in the given queues. */
  addUser(opts: { profile?: 'user' | 'supervisor'; queueIds?: number[]; allTicket?: 'enabled' | 'disabled' }): Promise<{ user: UserDto; token: string }>;
  addQueue(name?: string): Promise<{ id: number }>;
  pendingTickets(): Promise<TicketDto[]>;
}

/** A company made through the super user's API, with its admin logged in and a sandbox phone. */
export const createCompany = async (app: TestApp, name = unique('Empresa ')): Promise<TestCompany> => {
  const su = await login(app, SUPER_EMAIL, SUPER_PASSWORD);
  const adminEmail = `${unique('admin')}@example.com`;
  const created = await api(app, su.token).post<{ id: number }>('/companies', {
    name,
    admin: { name: 'Admin', email: adminEmail, password: 'Secret123' },
  });
  if (created.status !== 200) throw new Error(`create company: ${JSON.stringify(created.body)}`);
  const session = await login(app, adminEmail, 'Secret123');
  const a = api(app, session.token);
  const w = await a.post<WhatsappDto>('/whatsapp', { name: 'Sandbox', provider: 'sandbox' });
  if (w.status !== 200) throw new Error(`create whatsapp: ${JSON.stringify(w.body)}`);
  let colors = 0;
  return {
    companyId: created.body.id,
    adminToken: session.token,
    admin: session.user,
    whatsapp: w.body,
    inbound: async (from, body, opts = {}) => {
      const r = await a.post<{ id: string }>(`/sandbox/connections/${w.body.id}/inbound`, { from, body, ...opts });
      return { status: r.status, id: r.body.id };
    },
    addUser: async ({ profile = 'user', queueIds = [], allTicket = 'disabled' }) => {
      const email = `${unique('user')}@example.com`;
      const r = await a.post<UserDto>('/users', { name: 'Agente', email, password: 'Secret123', profile, queueIds, allTicket });
      if (r.status !== 200) throw new Error(`create user: ${JSON.stringify(r.body)}`);
      const s = await login(app, email, 'Secret123');
      return { user: r.body, token: s.token };
    },
    addQueue: async (queueName = unique('Fila ')) => {
      const r = await a.post<{ id: number }>('/queue', { name: queueName.slice(0, 50), color: `#${(0x100000 + ++colors * 4099).toString(16).slice(-6)}` });
      if (r.status !== 200) throw new Error(`create queue: ${JSON.stringify(r.body)}`);
      return r.body;
    },
    pendingTickets: async () => (await a.get<{ tickets: TicketDto[] }>('/tickets?status=pending&showAll=true')).body.tickets,
  };
};

/** A connected socket.io client (websocket only, as the spec's client). */
export const connectSocket = (app: TestApp, token: string): Promise<Socket> =>
  new Promise((resolveSocket, reject) => {
    const socket = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    // The protocol: the server says `ready` once the socket's rooms and handlers are set up.
    socket.once('ready', () => resolveSocket(socket));
    socket.once('connect_error', (err) => reject(err));
  });

/** Resolves with the first payload of `event` that satisfies `match`. */
export const nextEvent = <T = unknown>(socket: Socket, event: string, match: (p: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> =>
  new Promise((resolveEvent, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`timed out waiting for ${event}`));
    }, timeoutMs);
    const on = (p: T) => {
      if (!match(p)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolveEvent(p);
    };
    socket.on(event, on);
  });
