/**
 * The spec's own client (the Whaticket SaaS web frontend, public repository
 * willsrosa/whaticketsaas2, frontend/src), as the calls and socket frames it makes: one place to
 * read "what the spec client does". Each method names the client file (or spec section) it
 * replays; none of its code is copied, only the wire: paths, query strings as axios writes them,
 * JSON bodies as it builds them, and the fields it then reads.
 *
 * HTTP goes through `fetch` to the real listening app, from another origin (the client is a web
 * page served elsewhere, axios with `withCredentials`), carrying the refresh cookie like a browser.
 */
import { expect } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { Config } from '../../src/infra/config';
import type { TestApp } from '../helpers/build-app';

/** Where the spec's client is served from: an allow-listed origin (CORS_ORIGINS). */
export const SPEC_ORIGIN = 'http://atendimento.example.test:3000';

/** The server configuration the client needs: its origin in the CORS allow-list (issue 8 §1, CORS_ORIGINS). */
export const specClientConfig = (): Partial<Config> => ({ corsOrigins: [SPEC_ORIGIN] });

/** The fields the client reads from a ticket (TicketsListCustom, TicketListItemCustom, Ticket). */
export interface WireTicket {
  id: number;
  uuid: string;
  status: string;
  userId: number | null;
  queueId: number | null;
  contactId: number;
  isGroup: boolean;
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { name: string } | null;
  tags: unknown[];
}

/** The fields the client reads from a message (MessagesList, MessageInputCustom's reply preview). */
export interface WireMessage {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  ack: number;
  mediaType: string | null;
  mediaUrl: string | null;
  isDeleted: boolean;
  createdAt: string;
  quotedMsg: { id: number; body: string; fromMe: boolean } | null;
}

/** The fields the client reads from the session user (useAuth, layout, TicketsManagerTabs). */
export interface WireUser {
  id: number;
  name: string;
  profile: string;
  companyId: number;
  queues: { id: number; name: string; color: string }[];
  whatsappId: number | null;
  company: { id: number; name: string; dueDate: string; settings: { key: string; value: string }[] };
}

export interface Answer<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
  method: string;
  url: string;
}

/** axios's query string: undefined/null left out, everything else String()'d, [ ] , : kept readable. */
export const axiosQuery = (params: Record<string, unknown> = {}): string => {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    const enc = (s: string) =>
      encodeURIComponent(s).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+').replace(/%5B/gi, '[').replace(/%5D/gi, ']');
    parts.push(`${enc(k)}=${enc(String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
};

/** The browser's cookie jar for the API host (the refresh token cookie). */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }
  has(name: string) {
    return this.cookies.has(name);
  }
}

/**
 * One browser tab running the spec's client. `localStorage` is the tab's storage (token,
 * companyId, userId, companyDueDate); a "full page reload" is a new SpecClient over the same
 * storage and cookie jar.
 */
export class SpecClient {
  /** Every call made, in order: "GET /tickets?…" — the test can show what the page did. */
  readonly calls: string[] = [];
  user: WireUser | null = null;
  loggedOut = false;

  constructor(
    readonly app: TestApp,
    readonly storage: Map<string, string> = new Map(),
    readonly jar: CookieJar = new CookieJar(),
  ) {}

  get token(): string | null {
    const raw = this.storage.get('token');
    return raw ? (JSON.parse(raw) as string) : null;
  }
  get companyId(): number {
    return Number(this.storage.get('companyId'));
  }
  get userId(): number {
    return Number(this.storage.get('userId'));
  }

  /** services/api.js: axios against the API host, withCredentials, Bearer from localStorage. */
  private async raw<T>(method: string, path: string, opts: { params?: Record<string, unknown>; data?: unknown; form?: FormData } = {}): Promise<Answer<T>> {
    const url = `${path}${axiosQuery(opts.params)}`;
    const headers: Record<string, string> = { Origin: SPEC_ORIGIN, Accept: 'application/json, text/plain, */*' };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const cookie = this.jar.header();
    if (cookie) headers.Cookie = cookie;
    if (opts.data !== undefined) headers['Content-Type'] = 'application/json';
    // FormData: the browser sets multipart/form-data with its boundary itself.
    const res = await fetch(`${this.app.url}${url}`, {
      method,
      headers,
      ...(opts.form ? { body: opts.form } : opts.data !== undefined ? { body: JSON.stringify(opts.data) } : {}),
    });
    this.jar.take(res.headers);
    this.calls.push(`${method} ${url} → ${res.status}`);
    const text = await res.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, data: data as T, headers: res.headers, method, url };
  }

  /**
   * The response interceptor of useAuth: a 403 triggers one POST /auth/refresh_token and a retry;
   * a 401 clears the token and companyId and marks the user logged out (attendance §4 Session).
   * The refresh goes through the same axios instance, so a refresh answered 401 logs out too.
   */
  async http<T = unknown>(method: string, path: string, opts: { params?: Record<string, unknown>; data?: unknown; form?: FormData } = {}): Promise<Answer<T>> {
    let res = await this.raw<T>(method, path, opts);
    if (res.status === 403) {
      const refreshed = await this.raw<{ token: string }>('POST', '/auth/refresh_token');
      if (refreshed.status === 200) {
        this.storage.set('token', JSON.stringify(refreshed.data.token));
        res = await this.raw<T>(method, path, opts);
      } else if (refreshed.status === 401) {
        res = refreshed as unknown as Answer<T>;
      }
    }
    if (res.status === 401) {
      this.storage.delete('token');
      this.storage.delete('companyId');
      this.loggedOut = true;
    }
    return res;
  }

  // ---------------------------------------------------------------- login page (pages/Login)

  /** pages/Login on mount: the public setting that shows the signup link; reads `.value`. */
  viewRegister() {
    return this.raw<{ value: string }>('GET', '/settings/viewregister');
  }

  /** pages/Signup on mount: `GET /settings/allowregister` (off → back to /login) and `/settings/trial`; both read `.value`. */
  allowRegister() {
    return this.raw<{ value: string }>('GET', '/settings/allowregister');
  }
  trial() {
    return this.raw<{ value: string }>('GET', '/settings/trial');
  }

  /** pages/Signup's plan select: usePlans().list() — the public plan catalogue. */
  plansList() {
    return this.raw<{ id: number; name: string; value: number }[]>('GET', '/plans/list');
  }

  /**
   * pages/Signup's submit: the form's values plus what that client decides itself — recurrence
   * MENSAL, dueDate = now + trial days (moment().format()), status 't', campaignsEnabled true —
   * posted to /companies/cadastro without a token; success toasts and goes to /login.
   */
  signup(values: { name: string; email: string; phone: string; password: string; planId: number | string }, trialDays: number) {
    const dueDate = new Date(Date.now() + trialDays * 86_400_000).toISOString();
    return this.raw<{ id: number; dueDate: string; error?: string }>('POST', '/companies/cadastro', { data: { ...values, recurrence: 'MENSAL', dueDate, status: 't', campaignsEnabled: true } });
  }

  /** pages/ForgetPassWord step one: `POST forgetpassword/{email}`; `data.status === 404` would be "Email não encontrado". */
  forgetPassword(email: string) {
    return this.raw<{ status: number }>('POST', `/forgetpassword/${email}`);
  }

  /** pages/ForgetPassWord step two as that client sends it: the values in the path. */
  resetPasswordInPath(email: string, token: string, newPassword: string) {
    return this.raw<{ error?: string; message?: string }>('POST', `/resetpasswords/${email}/${token}/${newPassword}`);
  }

  /** pages/Login and layout: the logo images, `${BACKEND_URL}/public/logotipos/{login,interno}.png?r=…`. */
  logo(which: 'login' | 'interno') {
    return fetch(`${this.app.url}/public/logotipos/${which}.png?r=${Math.random()}`, { headers: { Origin: SPEC_ORIGIN } });
  }

  /**
   * useAuth.handleLogin: POST /auth/login {email, password}; reads data.token, data.user.id,
   * .companyId, .company.dueDate (refuses to log in unless now is before it: "sua assinatura
   * venceu"), .company.settings (campaignsEnabled → cshow), stores token/companyId/userId/
   * companyDueDate, then goes to /tickets. Returns the answer and whether the client let the user in.
   */
  async login(email: string, password: string): Promise<{ res: Answer<{ token: string; user: WireUser }>; admitted: boolean; warnDays: number | null }> {
    const res = await this.raw<{ token: string; user: WireUser }>('POST', '/auth/login', { data: { email, password } });
    if (res.status !== 200) return { res, admitted: false, warnDays: null };
    const { user } = res.data;
    const due = Date.parse(user.company?.dueDate ?? '');
    // moment().isBefore(company.dueDate): an absent or unparseable date is never "before".
    const admitted = Number.isFinite(due) && Date.now() < due;
    if (!admitted) return { res, admitted, warnDays: null };
    this.storage.set('token', JSON.stringify(res.data.token));
    this.storage.set('companyId', String(user.companyId));
    this.storage.set('userId', String(user.id));
    this.storage.set('companyDueDate', user.company.dueDate);
    this.user = user;
    const days = Math.floor((due - Date.now()) / 86_400_000);
    return { res, admitted, warnDays: days < 5 ? days : null };
  }

  /** useAuth on start (a full page load with a token in storage): POST /auth/refresh_token → token, user. */
  async restoreSession() {
    const res = await this.http<{ token: string; user: WireUser }>('POST', '/auth/refresh_token');
    if (res.status === 200) {
      this.storage.set('token', JSON.stringify(res.data.token));
      this.user = res.data.user;
    }
    return res;
  }

  /** useAuth.handleLogout: DELETE /auth/logout, then storage cleared. */
  async logout() {
    const res = await this.http('DELETE', '/auth/logout');
    this.storage.clear();
    return res;
  }

  // ----------------------------------------------------- what the layout does on every page

  /** MainListItems → usePlans.getPlanCompany: GET /companies/listPlan/{companyId}; reads data.plan.use*. */
  listPlan() {
    return this.http<{ plan: Record<string, unknown> }>('GET', `/companies/listPlan/${this.companyId}`);
  }

  /** MainListItems: GET /version; reads data.version. */
  version() {
    return this.http<{ version: string }>('GET', '/version');
  }

  /** WhatsAppsContext (menu's connection alert and the connections page): GET /whatsapp/?session=0. */
  whatsapps() {
    return this.http<Record<string, unknown>[]>('GET', '/whatsapp/', { params: { session: 0 } });
  }

  /** WhatsAppModal's save: POST /whatsapp or PUT /whatsapp/{id} with the form (its `token` field included, '' when left empty). */
  saveConnection(values: Record<string, unknown>, id?: number) {
    return id ? this.http<Record<string, unknown>>('PUT', `/whatsapp/${id}`, { data: values }) : this.http<Record<string, unknown>>('POST', '/whatsapp', { data: values });
  }

  /**
   * pages/MessagesAPI's test forms (administration.md §7 "External API"): plain axios, not the
   * app's `api` instance, to the provider's send endpoint with the token typed in the form — no
   * session, no refresh on 403, no logout on 401. JSON `{ number, body }` or FormData
   * `{ number, body, medias }`.
   */
  async messagesApiSend<T = Record<string, unknown>>(token: string, payload: { number: string; body: string } | FormData): Promise<Answer<T>> {
    const url = '/api/messages/send';
    const headers: Record<string, string> = { Origin: SPEC_ORIGIN, Accept: 'application/json, text/plain, */*', Authorization: `Bearer ${token}` };
    if (!(payload instanceof FormData)) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.app.url}${url}`, { method: 'POST', headers, body: payload instanceof FormData ? payload : JSON.stringify(payload) });
    this.calls.push(`POST ${url} → ${res.status}`);
    const text = await res.text();
    return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T, headers: res.headers, method: 'POST', url };
  }

  /** NotificationsPopOver → useTickets({ withUnreadMessages: "true" }). */
  notifications() {
    return this.tickets({ withUnreadMessages: 'true' });
  }

  /** UserModal (profile menu) → GET /users/{id}; reads name, email, profile, queues[].id, whatsappId, allTicket. */
  userById(id = this.userId) {
    return this.http<Record<string, unknown>>('GET', `/users/${id}`);
  }

  /**
   * UserModal's save → PUT /users/{id} with every field of its form: name, email, password ('' when
   * left blank), profile, allTicket, whatsappId ('' or an id), queueIds.
   */
  saveUser(id: number, form: { name: string; email: string; password: string; profile: string; allTicket: string; whatsappId: number | '' | null; queueIds: number[] }) {
    return this.http<Record<string, unknown>>('PUT', `/users/${id}`, { data: form });
  }

  /** UserModal (pages/Users' add button) → POST /users with the same form. */
  createUser(form: { name: string; email: string; password: string; profile: string; allTicket: string; whatsappId: number | '' | null; queueIds: number[] }) {
    return this.http<Record<string, unknown>>('POST', '/users', { data: form });
  }

  /** pages/Users: GET /users/ {searchParam, pageNumber}; reads users, hasMore. */
  usersPage(searchParam = '', pageNumber = 1) {
    return this.http<{ users: Record<string, unknown>[]; hasMore: boolean }>('GET', '/users/', { params: { searchParam, pageNumber } });
  }

  /** pages/Users.handleDeleteUser: DELETE /users/{id}. */
  deleteUser(id: number) {
    return this.http('DELETE', `/users/${id}`);
  }

  /** The tags page (administration.md §7): GET /tags/ {searchParam, pageNumber}; reads tags (name, color, ticketsCount), hasMore. */
  tagsPage(searchParam = '', pageNumber = 1) {
    return this.http<{ tags: Record<string, unknown>[]; hasMore: boolean }>('GET', '/tags/', { params: { searchParam, pageNumber } });
  }

  /** TagModal: GET /tags/{id} on open; save → PUT /tags/{id} or POST /tags with {name, color, kanban, userId}. */
  tag(id: number) {
    return this.http<Record<string, unknown>>('GET', `/tags/${id}`);
  }

  saveTag(values: { name: string; color: string; kanban: number }, id?: number) {
    const data = { ...values, userId: this.userId };
    return id ? this.http<Record<string, unknown>>('PUT', `/tags/${id}`, { data }) : this.http<Record<string, unknown>>('POST', '/tags', { data });
  }

  /** The tags page's delete: DELETE /tags/{id}. */
  deleteTag(id: number) {
    return this.http('DELETE', `/tags/${id}`);
  }

  /** pages/Kanban (administration.md §7): GET /tags/kanban; reads `lista` (the lanes). */
  kanbanLanes() {
    return this.http<{ lista: Record<string, unknown>[] }>('GET', '/tags/kanban');
  }

  /** pages/Kanban: GET /ticket/kanban {queueIds: JSON of the user's queues, teste: true}; reads `tickets`. */
  kanbanTickets(queueIds: number[]) {
    return this.http<{ tickets: WireTicket[] }>('GET', '/ticket/kanban', { params: { queueIds: JSON.stringify(queueIds), teste: true } });
  }

  /**
   * pages/Kanban.handleCardMove (administration.md §4 "Kanban drag"): DELETE /ticket-tags/{ticketId},
   * then PUT /ticket-tags/{ticketId}/{laneId} — lane 0 is the string 'lane0' (its failure swallowed).
   */
  async kanbanMove(ticketId: number, laneId: number | 'lane0') {
    const removed = await this.http('DELETE', `/ticket-tags/${ticketId}`);
    const added = await this.http<WireTicket & { error?: string }>('PUT', `/ticket-tags/${ticketId}/${laneId}`);
    return { removed, added };
  }

  /** pages/Campaigns (administration.md §7): GET /campaigns/ with searchParam and pageNumber; reads `records` and `hasMore`. */
  campaignsPage(searchParam: string, pageNumber: number) {
    return this.http<{ records: Record<string, unknown>[]; hasMore: boolean }>('GET', `/campaigns/?searchParam=${encodeURIComponent(searchParam)}&pageNumber=${pageNumber}`);
  }

  /** CampaignModal: GET /campaigns/{id} on open; save → PUT /campaigns/{id} or POST /campaigns with the form's values. */
  campaign(id: number) {
    return this.http<Record<string, unknown>>('GET', `/campaigns/${id}`);
  }

  saveCampaign(values: Record<string, unknown>, id?: number) {
    return id ? this.http<Record<string, unknown>>('PUT', `/campaigns/${id}`, { data: values }) : this.http<Record<string, unknown>>('POST', '/campaigns', { data: values });
  }

  /** The table's and modal's stop / restart: POST /campaigns/{id}/cancel | restart. */
  campaignAction(id: number, action: 'cancel' | 'restart') {
    return this.http<Record<string, unknown>>('POST', `/campaigns/${id}/${action}`);
  }

  deleteCampaign(id: number) {
    return this.http<{ message: string }>('DELETE', `/campaigns/${id}`);
  }

  /** pages/CampaignsConfig: GET /campaign-settings; save → POST /campaign-settings { settings }. */
  campaignSettings() {
    return this.http<Record<string, unknown>>('GET', '/campaign-settings');
  }

  saveCampaignSettings(settings: Record<string, unknown>) {
    return this.http<Record<string, unknown>>('POST', '/campaign-settings', { data: { settings } });
  }

  /** pages/Prompts (administration.md §7): GET /prompt; reads `prompts`. */
  promptsPage() {
    return this.http<{ prompts: Record<string, unknown>[] }>('GET', '/prompt');
  }

  /** PromptModal: GET /prompt/{id} on open; save → PUT /prompt/{id} or POST /prompt with the form's values (the prompt fields plus voice). */
  prompt(id: number) {
    return this.http<Record<string, unknown>>('GET', `/prompt/${id}`);
  }

  savePrompt(values: Record<string, unknown>, id?: number) {
    return id ? this.http<Record<string, unknown>>('PUT', `/prompt/${id}`, { data: values }) : this.http<Record<string, unknown>>('POST', '/prompt', { data: values });
  }

  /** The prompts page's delete: DELETE /prompt/{id}; shows the answer's `message` as info. */
  deletePrompt(id: number) {
    return this.http<{ message: string }>('DELETE', `/prompt/${id}`);
  }

  /** TicketListItemCustom.handleAcepptTicket and others: GET /settings/; reads the array's sendGreetingAccepted. */
  settings() {
    return this.http<{ key: string; value: string }[]>('GET', '/settings/');
  }

  /** pages/Settings (Opções): PUT /settings/{key} with { key, value } (administration §7). */
  updateSetting(key: string, value: string) {
    return this.http<{ key: string; value: string }>('PUT', `/settings/${key}`, { data: { key, value } });
  }

  /** pages/Settings (Horários): GET /companies/{companyId}; reads data.schedules (administration §7). */
  company() {
    return this.http<{ id: number; schedules: { weekday: string; weekdayEn: string; startTime: string; endTime: string }[] }>('GET', `/companies/${this.companyId}`);
  }

  /** pages/Settings (Horários): PUT /companies/{id}/schedules with { id, schedules } (administration §7). */
  updateSchedules(schedules: { weekday: string; weekdayEn: string; startTime: string; endTime: string }[]) {
    return this.http<{ id: number; schedules: unknown[] }>('PUT', `/companies/${this.companyId}/schedules`, { data: { id: this.companyId, schedules } });
  }

  // ----------------------------------------------------------------------- /tickets (lists)

  /** hooks/useTickets: GET /tickets with its params as given (attendance §7). */
  tickets(params: Record<string, unknown>) {
    return this.http<{ tickets: WireTicket[]; hasMore: boolean }>('GET', '/tickets', { params });
  }

  /**
   * TicketsManagerTabs → TicketsListCustom → useTickets: the params each list sends. tags/users/
   * queueIds are JSON.stringify'd (undefined when the list has none, so left out); showAll is a
   * boolean axios writes as text; the admin's showAll starts true.
   */
  listParams(list: 'open' | 'pending' | 'closed' | 'search', opts: { showAll?: boolean; selectedQueueIds: number[]; searchParam?: string; tags?: number[]; users?: number[]; pageNumber?: number }) {
    const status = list === 'search' ? undefined : list;
    const showAll = list === 'open' ? opts.showAll : list === 'pending' ? undefined : true;
    const tags = list === 'search' ? (opts.tags ?? []) : undefined;
    const users = list === 'search' ? (opts.users ?? []) : undefined;
    return {
      pageNumber: opts.pageNumber ?? 1,
      searchParam: list === 'search' ? (opts.searchParam ?? '') : undefined,
      status,
      showAll,
      tags: tags === undefined ? undefined : JSON.stringify(tags),
      users: users === undefined ? undefined : JSON.stringify(users),
      queueIds: JSON.stringify(opts.selectedQueueIds),
    };
  }

  // --------------------------------------------------------------- /tickets/{uuid} (a ticket)

  /** components/Ticket: GET /tickets/u/{uuid} (after 500 ms); reads the ticket and ticket.contact. */
  ticketByUuid(uuid: string) {
    return this.http<WireTicket>('GET', `/tickets/u/${uuid}`);
  }

  /** TicketMessagesDialog (the admin's "Espiar Conversa" eye) and others: GET /tickets/{id}; reads queueId, contact, user. */
  ticketById(id: number) {
    return this.http<WireTicket>('GET', `/tickets/${id}`);
  }

  /** components/MessagesList: GET /messages/{ticket.id}?pageNumber=N; reads messages, hasMore. */
  messages(ticketId: number, pageNumber = 1) {
    return this.http<{ messages: WireMessage[]; hasMore: boolean }>('GET', `/messages/${ticketId}`, { params: { pageNumber } });
  }

  /**
   * components/MessageInputCustom.handleSendMessage: the JSON it posts — read: 1, fromMe: true,
   * mediaUrl: "", the body signed "*Name:*\n" when the sign switch is on (default), and quotedMsg
   * the whole message being replied to (null when not replying).
   */
  sendMessage(ticketId: number, text: string, opts: { quoted?: WireMessage | null; sign?: boolean } = {}) {
    const sign = opts.sign ?? true;
    return this.http<WireMessage>('POST', `/messages/${ticketId}`, {
      data: {
        read: 1,
        fromMe: true,
        mediaUrl: '',
        body: sign ? `*${this.user?.name}:*\n${text.trim()}` : text.trim(),
        quotedMsg: opts.quoted ?? null,
      },
    });
  }

  /**
   * MessageInputCustom.handleUploadMedia: FormData with fromMe "true" and, per file, `medias`
   * (the file) and `body` (the file's name); reads nothing of the answer (the socket adds them).
   */
  sendMedia(ticketId: number, files: { name: string; type: string; bytes: Buffer }[]) {
    const form = new FormData();
    form.append('fromMe', 'true');
    for (const f of files) {
      form.append('medias', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
      form.append('body', f.name);
    }
    return this.http<unknown>('POST', `/messages/${ticketId}`, { form });
  }

  /**
   * MessageInputCustom.handleUploadAudio: the recorder's mp3 as `audio-record-site-<ms>.mp3`,
   * with body = that name and fromMe "true".
   */
  sendRecording(ticketId: number, bytes: Buffer) {
    const form = new FormData();
    const name = `audio-record-site-${Date.now()}.mp3`;
    form.append('medias', new Blob([new Uint8Array(bytes)], { type: 'audio/mpeg' }), name);
    form.append('body', name);
    form.append('fromMe', 'true');
    return this.http<unknown>('POST', `/messages/${ticketId}`, { form });
  }

  /**
   * MessageInputCustom in edit mode: POST /messages/edit/{id} with the same JSON as a send
   * (read: 1, fromMe, mediaUrl "", the body signed when the switch is on, quotedMsg).
   */
  editMessage(messageId: number, text: string, opts: { sign?: boolean } = {}) {
    const sign = opts.sign ?? true;
    return this.http<WireMessage>('POST', `/messages/edit/${messageId}`, {
      data: { read: 1, fromMe: true, mediaUrl: '', body: sign ? `*${this.user?.name}:*\n${text.trim()}` : text.trim(), quotedMsg: null },
    });
  }

  /** MessageOptionsMenu.handleDeleteMessage (after the confirmation): DELETE /messages/{id}. */
  deleteMessage(messageId: number) {
    return this.http<unknown>('DELETE', `/messages/${messageId}`);
  }

  /** MessageOptionsMenu's reactions: POST /messages/{id}/reactions {type: emoji}. */
  react(messageId: number, emoji: string) {
    return this.http<unknown>('POST', `/messages/${messageId}/reactions`, { data: { type: emoji } });
  }

  /** ForwardMessageModal: one POST /message/forward per selected message, 900 ms apart (the caller waits). */
  forward(messageId: number, contactId: number, signMessage: boolean) {
    return this.http<WireMessage>('POST', '/message/forward', { data: { messageId, contactId, signMessage } });
  }

  /**
   * TicketListItemCustom.handleAcepptTicket: PUT {status: "open", userId}, then GET /settings/ and,
   * when sendGreetingAccepted is "enabled" and not a group, its own greeting POST (no quotedMsg).
   */
  async acceptFromList(ticket: WireTicket) {
    const put = await this.http<WireTicket>('PUT', `/tickets/${ticket.id}`, { data: { status: 'open', userId: this.user?.id } });
    const settings = await this.settings();
    const setting = Array.isArray(settings.data) ? settings.data.find((s) => s.key === 'sendGreetingAccepted') : undefined;
    let greeting: Answer<WireMessage> | null = null;
    if (setting?.value === 'enabled' && !ticket.isGroup) {
      const msg = `{{ms}} *{{name}}*, meu nome é *${this.user?.name}* e agora vou prosseguir com seu atendimento!`;
      greeting = await this.http<WireMessage>('POST', `/messages/${ticket.id}`, {
        data: { read: 1, fromMe: true, mediaUrl: '', body: `*Mensagem Automática:*\n${msg.trim()}` },
      });
    }
    return { put, settings, setting, greeting };
  }

  /** TicketListItemCustom.handleCloseTicket: status closed with userId, queueId (ticket.queue?.id), integration fields nulled. */
  closeFromList(ticket: WireTicket) {
    return this.http<WireTicket>('PUT', `/tickets/${ticket.id}`, {
      data: { status: 'closed', userId: this.user?.id, queueId: ticket.queue?.id, useIntegration: false, promptId: null, integrationId: null },
    });
  }

  /** TicketListItemCustom.handleReopenTicket: status open with userId and queueId. */
  reopenFromList(ticket: WireTicket) {
    return this.http<WireTicket>('PUT', `/tickets/${ticket.id}`, { data: { status: 'open', userId: this.user?.id, queueId: ticket.queue?.id } });
  }

  /**
   * TicketActionButtonsCustom (the conversation header) → handleUpdateTicketStatus(status, userId):
   * closing sends useIntegration/promptId/integrationId false; otherwise it carries the ticket's
   * own (our ticket has none, so axios leaves them out).
   */
  headerStatus(ticket: WireTicket & { useIntegration?: boolean; promptId?: number; integrationId?: number }, status: 'closed' | 'pending' | 'open', userId: number | null) {
    const closing = status === 'closed';
    return this.http<WireTicket>('PUT', `/tickets/${ticket.id}`, {
      data: {
        status,
        userId: userId || null,
        useIntegration: closing ? false : ticket.useIntegration,
        promptId: closing ? false : ticket.promptId,
        integrationId: closing ? false : ticket.integrationId,
      },
    });
  }

  /** Header's Resolve: handleUpdateTicketStatus("closed", user.id). */
  closeFromHeader(ticket: WireTicket) {
    return this.headerStatus(ticket, 'closed', this.user!.id);
  }

  /** Header's Return: handleUpdateTicketStatus("pending", null). */
  returnFromHeader(ticket: WireTicket) {
    return this.headerStatus(ticket, 'pending', null);
  }

  // ------------------------------------------------- /quick-messages and the composer's list

  /** services/api.js with a FormData body: axios lets the browser write the multipart header. */
  private async form<T>(path: string, fields: Record<string, string | Blob | { blob: Blob; name: string }>): Promise<Answer<T>> {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v === 'string' || v instanceof Blob) body.append(k, v);
      else body.append(k, v.blob, v.name);
    }
    const headers: Record<string, string> = { Origin: SPEC_ORIGIN, Accept: 'application/json, text/plain, */*' };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const res = await fetch(`${this.app.url}${path}`, { method: 'POST', headers, body });
    this.calls.push(`POST ${path} → ${res.status}`);
    const text = await res.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, data: data as T, headers: res.headers, method: 'POST', url: path };
  }

  /**
   * hooks/useQuickMessages.list, called by MessageInputCustom on mount: GET /quick-messages/list
   * with companyId (from localStorage) and userId; reads message, shortcode, mediaPath of each.
   */
  quickMessagesList() {
    return this.http<{ id: number; shortcode: string; message: string; mediaPath: string | null }[]>('GET', '/quick-messages/list', {
      params: { companyId: this.storage.get('companyId'), userId: this.user?.id },
    });
  }

  /** pages/QuickMessages: GET /quick-messages {searchParam, pageNumber}; reads records, hasMore. */
  quickMessagesPage(searchParam = '', pageNumber = 1) {
    return this.http<{ records: Record<string, unknown>[]; hasMore: boolean }>('GET', '/quick-messages', { params: { searchParam, pageNumber } });
  }

  // ------------------------------------------------------------------------ / (Dashboard)

  /**
   * pages/Dashboard → useDashboard.find: GET /dashboard with `{ days }` (a period chosen) or
   * `{ date_from, date_to }` (moment's YYYY-MM-DD); reads data.counters.* and data.attendants[]
   * (name, rating, avgSupportTime, online).
   */
  dashboard(params: { days?: number; date_from?: string; date_to?: string }) {
    return this.http<{ counters: Record<string, number | null>; attendants: { name: string; rating: number | null; avgSupportTime: number | null; online: boolean }[] }>('GET', '/dashboard', { params });
  }

  /** Dashboard/ChartsUser: GET /dashboard/ticketsUsers?initialDate=…&finalDate=…&companyId=…; reads data[].nome/.quantidade and count. */
  ticketsUsers(initialDate: string, finalDate: string) {
    return this.http<{ data: { nome: string; quantidade: number }[]; count: number }>('GET', `/dashboard/ticketsUsers?initialDate=${initialDate}&finalDate=${finalDate}&companyId=${this.companyId}`);
  }

  /** Dashboard/ChartsDate: GET /dashboard/ticketsDay (same params); labels from data[].horario (hour) or .data, bars from .total, title from count. */
  ticketsDay(initialDate: string, finalDate: string) {
    return this.http<{ data: ({ horario: string; total: number } | { data: string; total: number })[]; count: number }>('GET', `/dashboard/ticketsDay?initialDate=${initialDate}&finalDate=${finalDate}&companyId=${this.companyId}`);
  }

  /** The reports list (attendance §7 "GET /ticket/reports"): JSON-array filters, page and pageSize; reads tickets and totalTickets. */
  ticketReports(params: { contactId?: number; status?: string[]; users?: number[]; dateFrom?: string; dateTo?: string; page?: number; pageSize?: number }) {
    const { status, users, ...rest } = params;
    return this.http<{ tickets: Record<string, unknown>[]; totalTickets: number }>('GET', '/ticket/reports', {
      params: { ...rest, status: status ? JSON.stringify(status) : undefined, users: users ? JSON.stringify(users) : undefined },
    });
  }

  /** QuickMessageDialog on open: GET /quick-messages/{id}, merged into its form values. */
  quickMessage(id: number) {
    return this.http<Record<string, unknown>>('GET', `/quick-messages/${id}`);
  }

  /**
   * QuickMessageDialog.handleSaveQuickeMessage: the form values plus isMedia: true and mediaPath
   * (the attachment's name with '_' for spaces, or the record's own), PUT for an existing record
   * or POST; then, with an attachment, POST media-upload with typeArch "quickMessage" and file.
   */
  async saveQuickMessage(values: Record<string, unknown>, opts: { id?: number; attachment?: { blob: Blob; name: string } } = {}) {
    const mediaPath = opts.attachment ? opts.attachment.name.replace(/ /g, '_') : typeof values.mediaPath === 'string' ? values.mediaPath.split('/').pop()!.replace(/ /g, '_') : null;
    const data = { ...values, isMedia: true, mediaPath };
    const saved = opts.id ? await this.http<{ id: number }>('PUT', `/quick-messages/${opts.id}`, { data }) : await this.http<{ id: number }>('POST', '/quick-messages', { data });
    const upload = opts.attachment && saved.status === 200 ? await this.form(`/quick-messages/${opts.id ?? saved.data.id}/media-upload`, { typeArch: 'quickMessage', file: opts.attachment }) : null;
    return { saved, upload };
  }

  /** QuickMessageDialog.deleteMedia: DELETE /quick-messages/{id}/media-upload. */
  deleteQuickMessageMedia(id: number) {
    return this.http('DELETE', `/quick-messages/${id}/media-upload`);
  }

  /** pages/QuickMessages.handleDeleteQuickemessage: DELETE /quick-messages/{id}. */
  deleteQuickMessage(id: number) {
    return this.http('DELETE', `/quick-messages/${id}`);
  }

  // ---------------------------------------------------------------- /queue-integration and its modal

  /** pages/QueueIntegration: GET /queueIntegration/ {searchParam, pageNumber}; reads queueIntegrations (id, type, name), hasMore. */
  queueIntegrationsPage(searchParam = '', pageNumber = 1) {
    return this.http<{ queueIntegrations: Record<string, unknown>[]; hasMore: boolean }>('GET', '/queueIntegration/', { params: { searchParam, pageNumber } });
  }

  /** QueueIntegrationModal on open (edit): GET /queueIntegration/{id}, spread over the form. */
  queueIntegration(id: number) {
    return this.http<Record<string, unknown>>('GET', `/queueIntegration/${id}`);
  }

  /**
   * QueueIntegrationModal.handleSaveDialogflow: the whole form (type, name, projectName, jsonContent,
   * language, urlN8N, typebot*), with `projectName = name` for n8n, webhook and typebot; PUT when
   * editing (the values GET returned, merged), else POST.
   */
  saveQueueIntegration(values: Record<string, unknown>, id?: number) {
    const data = values.type === 'dialogflow' ? values : { ...values, projectName: values.name };
    return id ? this.http<Record<string, unknown>>('PUT', `/queueIntegration/${id}`, { data }) : this.http<Record<string, unknown>>('POST', '/queueIntegration', { data });
  }

  /** QueueIntegrationModal.handleTestSession: POST /queueIntegration/testSession {projectName, jsonContent, language}. */
  testQueueIntegration(values: { projectName: string; jsonContent: string; language: string }) {
    return this.http<Record<string, unknown>>('POST', '/queueIntegration/testSession', { data: values });
  }

  /** pages/QueueIntegration.handleDeleteIntegration: DELETE /queueIntegration/{id}. */
  deleteQueueIntegration(id: number) {
    return this.http('DELETE', `/queueIntegration/${id}`);
  }

  // ---------------------------------------------------------------- /queues and its modal

  /** pages/Queues on mount: GET /queue; the table reads id, name, color, orderQueue, greetingMessage. */
  queues() {
    return this.http<Record<string, unknown>[]>('GET', '/queue');
  }

  /** QueueModal on open: GET /queue/{id}, spread over the form's values (schedules set apart). */
  queue(id: number) {
    return this.http<Record<string, unknown>>('GET', `/queue/${id}`);
  }

  /**
   * QueueModal.handleSaveQueue: the form's values (`orderQueue: ''`, `integrationId: ''` when left
   * empty, and on edit every field GET returned) plus `schedules` and `promptId` (the selected
   * prompt or null); PUT for an existing queue, else POST; then, with an attachment, POST
   * /queue/{id}/media-upload with `file`.
   */
  async saveQueue(values: Record<string, unknown>, opts: { id?: number; schedules?: unknown[]; promptId?: number | null; attachment?: { blob: Blob; name: string } } = {}) {
    const data = { ...values, schedules: opts.schedules ?? values.schedules ?? [], promptId: opts.promptId ?? null };
    const saved = opts.id ? await this.http<{ id: number }>('PUT', `/queue/${opts.id}`, { data }) : await this.http<{ id: number }>('POST', '/queue', { data });
    const upload = opts.attachment && saved.status === 200 ? await this.form<Record<string, unknown>>(`/queue/${opts.id ?? saved.data.id}/media-upload`, { file: opts.attachment }) : null;
    return { saved, upload };
  }

  /** QueueModal.deleteMedia: DELETE /queue/{id}/media-upload. */
  deleteQueueMedia(id: number) {
    return this.http('DELETE', `/queue/${id}/media-upload`);
  }

  /** pages/Queues.handleDeleteQueue: DELETE /queue/{id}. */
  deleteQueue(id: number) {
    return this.http('DELETE', `/queue/${id}`);
  }

  /** QueueOptions: GET /queue-options {queueId, parentId} (-1 for the roots, then each option's id for its children). */
  queueOptions(queueId: number, parentId: number) {
    return this.http<Record<string, unknown>[]>('GET', '/queue-options', { params: { queueId, parentId } });
  }

  /**
   * QueueOptionStepper's save: the option as the editor holds it (`title`, `message`, `option`,
   * `queueId`, `parentId` and its own `edition` and `children`), POST when new, PUT when it has an id.
   */
  saveQueueOption(option: Record<string, unknown>) {
    const data = { edition: false, children: [], ...option };
    return option.id ? this.http<Record<string, unknown>>('PUT', `/queue-options/${option.id as number}`, { data }) : this.http<Record<string, unknown>>('POST', '/queue-options', { data });
  }

  /** QueueOptionStepper's delete: DELETE /queue-options/{id}. */
  deleteQueueOption(id: number) {
    return this.http('DELETE', `/queue-options/${id}`);
  }

  /** QueueOptionStepper's attachment: POST /queue-options/{id}/media-upload with `file`. */
  uploadQueueOptionMedia(id: number, attachment: { blob: Blob; name: string }) {
    return this.form<Record<string, unknown>>(`/queue-options/${id}/media-upload`, { file: attachment });
  }

  // ------------------------------------------------------------------------------ contacts

  /** pages/Contacts: GET /contacts {searchParam, pageNumber}; reads contacts, hasMore. */
  contactsPage(searchParam = '', pageNumber = 1, dates: { date?: string; dateStart?: string; dateEnd?: string } = {}) {
    return this.http<{ contacts: Record<string, unknown>[]; hasMore: boolean; count: number }>('GET', '/contacts', { params: { searchParam, pageNumber, ...dates } });
  }

  /** useContacts / selectors: GET /contacts/list {companyId}; reads the array. */
  contactsList() {
    return this.http<Record<string, unknown>[]>('GET', '/contacts/list', { params: { companyId: this.companyId } });
  }

  /** ContactModal on open: GET /contacts/{id}, merged into its form values. */
  contact(id: number) {
    return this.http<Record<string, unknown>>('GET', `/contacts/${id}`);
  }

  /** ContactModal.handleSaveContact: PUT /contacts/{id} with the form values, or POST /contacts. */
  saveContact(values: Record<string, unknown>, id?: number) {
    return id ? this.http<Record<string, unknown>>('PUT', `/contacts/${id}`, { data: values }) : this.http<Record<string, unknown>>('POST', '/contacts', { data: values });
  }

  /** pages/Contacts.handleDeleteContact: DELETE /contacts/{id}. */
  deleteContact(id: number) {
    return this.http('DELETE', `/contacts/${id}`);
  }

  /** pages/Contacts' spreadsheet import: POST /contacts/upload with the file. */
  uploadContacts(file: { blob: Blob; name: string }) {
    return this.form<{ total: number; created: number; refused: { row: number; reason: string }[] }>('/contacts/upload', { file });
  }

  /**
   * pages/Contacts' "import from the phone" after its confirmation: POST /contacts/import with no
   * body; it reads nothing of the answer and reloads the page (`history.go(0)`).
   */
  importContacts() {
    return this.http('POST', '/contacts/import');
  }

  // ------------------------------------------------- the contact drawer's notes and the ticket's tags

  /** components/TagsContainer on mount: GET /tags/list; the Autocomplete's options (id, name, color). */
  tagsList() {
    return this.http<{ id: number; name: string; color: string }[]>('GET', '/tags/list');
  }

  /**
   * TagsContainer.onChange: a typed new name ("create-option") is first POST /tags {name, color}
   * and replaces the typed string; then POST /tags/sync {ticketId, tags} with the whole chosen
   * tag objects.
   */
  async changeTags(ticketId: number, chosen: ({ id: number; name: string; color: string } | string)[]) {
    const tags: { id: number; name: string; color: string }[] = [];
    for (const c of chosen) {
      if (typeof c !== 'string') {
        tags.push(c);
        continue;
      }
      const made = await this.http<{ id: number; name: string; color: string }>('POST', '/tags', { data: { name: c, color: '#999999' } });
      if (made.status !== 200) return { created: made, sync: null };
      tags.push(made.data);
    }
    return { created: null, sync: await this.http<WireTicket>('POST', '/tags/sync', { data: { ticketId, tags } }) };
  }

  /** components/ContactNotes on open: GET /ticket-notes/list {contactId, ticketId}; reads note, user.name, createdAt. */
  ticketNotes(ticketId: number, contactId: number) {
    return this.http<{ id: number; note: string; user: { name: string } | null; createdAt: string }[]>('GET', '/ticket-notes/list', { params: { contactId, ticketId } });
  }

  /** ContactNotes.handleSave: POST /ticket-notes { note, ticketId, contactId }. */
  addTicketNote(ticketId: number, contactId: number, note: string) {
    return this.http<{ id: number; note: string }>('POST', '/ticket-notes', { data: { note, ticketId, contactId } });
  }

  /** ContactNotes.handleDelete (after 'Deseja realmente excluir este registro?'): DELETE /ticket-notes/{id}. */
  deleteTicketNote(id: number) {
    return this.http('DELETE', `/ticket-notes/${id}`);
  }

  // ------------------------------------------------------------------------------- /schedules

  /** pages/Schedules: GET /schedules/ {searchParam, pageNumber} (and `contactId` from ?contactId=); reads schedules, hasMore. */
  schedulesPage(params: { searchParam?: string; pageNumber?: number; contactId?: number } = {}) {
    return this.http<{ schedules: Record<string, unknown>[]; hasMore: boolean }>('GET', '/schedules/', { params: { searchParam: params.searchParam ?? '', pageNumber: params.pageNumber ?? 1, ...(params.contactId ? { contactId: params.contactId } : {}) } });
  }

  /** ScheduleModal on open: GET /schedules/{id}. */
  schedule(id: number) {
    return this.http<Record<string, unknown>>('GET', `/schedules/${id}`);
  }

  /**
   * ScheduleModal.handleSaveSchedule: the form's values plus `userId`, PUT for an existing record
   * or POST; then, with an attachment, POST media-upload with typeArch "schedule" and file.
   */
  async saveSchedule(values: Record<string, unknown>, opts: { id?: number; attachment?: { blob: Blob; name: string } } = {}) {
    const data = { ...values, userId: this.user?.id };
    const saved = opts.id ? await this.http<{ id: number }>('PUT', `/schedules/${opts.id}`, { data }) : await this.http<{ id: number }>('POST', '/schedules', { data });
    const upload = opts.attachment && saved.status === 200 ? await this.form(`/schedules/${opts.id ?? saved.data.id}/media-upload`, { typeArch: 'schedule', file: opts.attachment }) : null;
    return { saved, upload };
  }

  /** ScheduleModal.deleteMedia: DELETE /schedules/{id}/media-upload. */
  deleteScheduleMedia(id: number) {
    return this.http('DELETE', `/schedules/${id}/media-upload`);
  }

  /** pages/Schedules' delete: DELETE /schedules/{id}. */
  deleteSchedule(id: number) {
    return this.http('DELETE', `/schedules/${id}`);
  }

  // ------------------------------------------------------------------------ /chats (internal chat)

  /**
   * components/ChatPopover and the drawer's MainListItems (its dot badge): GET /chats/ with
   * { searchParam, pageNumber }; reads records (users[].userId/.unreads, title, lastMessage, uuid)
   * and hasMore. pages/Chat's findChats calls GET /chats without params.
   */
  chatsList(params?: { searchParam: string; pageNumber: number }) {
    return this.http<{ records: WireChat[]; hasMore: boolean }>('GET', params ? '/chats/' : '/chats', params ? { params } : {});
  }

  /** pages/Chat/ChatModal: POST /chats or PUT /chats/{id} with { users: the select's user objects, title }. */
  saveChat(values: { title: string; users: { id: number; name: string }[] }, id?: number) {
    const data = { users: values.users, title: values.title };
    return id ? this.http<WireChat>('PUT', `/chats/${id}`, { data }) : this.http<WireChat>('POST', '/chats', { data });
  }

  /** pages/Chat.deleteChat: DELETE /chats/{chat.id}. */
  deleteChat(id: number) {
    return this.http('DELETE', `/chats/${id}`);
  }

  /** ChatList.goToMessages, when the chat has unreads: POST /chats/{chat.id}/read { userId }. */
  readChat(id: number) {
    return this.http<WireChat>('POST', `/chats/${id}/read`, { data: { userId: this.user?.id } });
  }

  /** pages/Chat.findMessages: GET /chats/{chatId}/messages?pageNumber=N; prepends records, reads hasMore. */
  chatMessages(id: number, pageNumber: number) {
    return this.http<{ records: WireChatMessage[]; hasMore: boolean; count: number }>('GET', `/chats/${id}/messages?pageNumber=${pageNumber}`);
  }

  /** pages/Chat.sendMessage: POST /chats/{currentChat.id}/messages { message }. */
  sendChatMessage(id: number, message: string) {
    return this.http<WireChatMessage>('POST', `/chats/${id}/messages`, { data: { message } });
  }

  // ------------------------------------------------------------------------------ billing

  /** pages/Financeiro (infinite scroll): GET /invoices/all with searchParam and pageNumber; reads `list` and `hasMore`. */
  invoicesAll(searchParam = '', pageNumber = 1) {
    return this.http<{ list: { id: number; detail: string; value: number; dueDate: string; status: string }[]; hasMore: boolean }>('GET', '/invoices/all', { params: { searchParam, pageNumber } });
  }

  /**
   * components/CheckoutPage's submit (administration.md §3 "Subscription payload"): the form's
   * values plus the chosen plan (as the JSON string the plan step stores), its price, users and
   * connections, and the invoice; reads `qrcode.qrcode` and `valor.original` of the answer.
   */
  subscribe(invoiceId: number, plan: { title: string; planId: number; price: number; users: number; connections: number }) {
    return this.http<{ qrcode: { qrcode: string }; valor: { original: string }; chargeId: string; error?: string }>('POST', '/subscription', {
      data: {
        firstName: 'Ana',
        lastName: 'Cliente',
        address2: 'Rua das Flores, 10',
        city: 'São Paulo',
        state: 'SP',
        zipcode: '01001-000',
        country: 'BR',
        useAddressForPaymentDetails: false,
        nameOnCard: '',
        cardNumber: '',
        cvv: '',
        plan: JSON.stringify(plan),
        price: plan.price,
        users: plan.users,
        connections: plan.connections,
        invoiceId,
      },
    });
  }

  // ------------------------------------------------------------------------------- socket

  /**
   * context/Socket (SocketManager.getSocket): one socket per company and user, websocket only,
   * the token in the query (attendance §4 Real-time, §9: ping 18000 ms). Handlers are attached
   * before the connection opens, as the components attach theirs right after getSocket.
   */
  socket(): SpecSocket {
    return new SpecSocket(this.app.url, this.token!, this.companyId);
  }
}

/** A chat as the chat components read it. */
export interface WireChat {
  id: number;
  uuid: string;
  title: string;
  ownerId: number | null;
  lastMessage: string;
  users: { userId: number; unreads: number; user: { id: number; name: string } }[];
}
/** A chat message as ChatMessages reads it (sender.name, senderId, message, createdAt). */
export interface WireChatMessage {
  id: number;
  chatId: number;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  message: string;
  createdAt: string;
}

export interface Frame {
  event: string;
  payload: unknown;
}

/** The client's socket, recording every frame and sending the joins after `ready`. */
export class SpecSocket {
  readonly io: Socket;
  readonly frames: Frame[] = [];
  private waiters: { event: string; match: (p: unknown) => boolean; resolve: (p: unknown) => void }[] = [];
  private readyCount = 0;
  private onReady: (() => void)[] = [];

  constructor(url: string, token: string, readonly companyId: number) {
    this.io = io(url, {
      transports: ['websocket'],
      query: { token },
      extraHeaders: { Origin: SPEC_ORIGIN },
      reconnection: false,
      forceNew: true,
      autoConnect: false,
    });
    this.io.onAny((event: string, payload: unknown) => {
      this.frames.push({ event, payload });
      for (const w of [...this.waiters]) {
        if (w.event === event && w.match(payload)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(payload);
        }
      }
    });
    this.io.on('ready', () => {
      this.readyCount++;
      for (const f of this.onReady) f();
    });
  }

  /** `company-{id}-{channel}`: the channel names the client listens on. */
  channel(name: string) {
    return `company-${this.companyId}-${name}`;
  }

  /** What the components register on `ready`: their joins (TicketsListCustom, MessagesList). */
  whenReady(f: () => void) {
    this.onReady.push(f);
  }

  /** Opens the connection and waits for the server's `ready` (the client joins only after it). */
  async open(timeoutMs = 10_000) {
    const ready = this.next('ready', () => true, timeoutMs);
    const refused = new Promise<never>((_, reject) => this.io.once('connect_error', (err) => reject(new Error(`socket refused: ${err.message}`))));
    this.io.connect();
    await Promise.race([ready, refused]);
    return this;
  }

  get readyFrames() {
    return this.readyCount;
  }

  /** TicketsListCustom on ready: joinTickets(status) for a status list, joinNotification otherwise. */
  joinList(status?: string) {
    if (status) this.io.emit('joinTickets', status);
    else this.io.emit('joinNotification');
  }

  /**
   * MessagesList on ready: joinChatBox with `${ticket.id}` (the numeric id as a string), no ack.
   * The test then sends the same frame once more with an ack, only to learn when the server has
   * handled it (joins are idempotent, issue 8 §6): resolves with what the server answered.
   */
  async joinChatBox(ticketId: number): Promise<unknown> {
    this.io.emit('joinChatBox', `${ticketId}`);
    return this.io.timeout(10_000).emitWithAck('joinChatBox', `${ticketId}`);
  }

  /**
   * MessagesList and TicketMessagesDialog register their join before the ticket has loaded, so
   * the first `ready` may send joinChatBox "undefined" (`${ticket.id}` of `{}`): the raw frame.
   */
  async joinChatBoxRaw(raw: string): Promise<unknown> {
    return this.io.timeout(10_000).emitWithAck('joinChatBox', raw);
  }

  /** The first frame of `event` (already received or still to come) that satisfies `match`. */
  next<T = unknown>(event: string, match: (p: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
    const seen = this.frames.find((f) => f.event === event && match(f.payload as T));
    if (seen) return Promise.resolve(seen.payload as T);
    return new Promise<T>((resolve, reject) => {
      const waiter = { event, match: match as (p: unknown) => boolean, resolve: resolve as (p: unknown) => void };
      this.waiters.push(waiter);
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i === -1) return;
        this.waiters.splice(i, 1);
        const names = [...new Set(this.frames.map((f) => f.event))].join(', ') || 'none';
        reject(new Error(`timed out waiting for ${event}; frames seen: ${names}`));
      }, timeoutMs);
    });
  }

  close() {
    this.io.disconnect();
  }
}

/**
 * One ticket list as TicketsListCustom keeps it: loaded from GET /tickets (a `user` keeps only
 * tickets of their queues), then changed by the socket exactly by the rules of its handlers —
 * `update` adds/replaces when the ticket may be shown (unassigned, mine or showAll; no queue or a
 * selected queue) and has this list's status; `update` of a ticket in an unselected queue and
 * `delete` remove it; `appMessage` `create` moves it up; `create` on the ticket channel is ignored.
 */
export class ListModel {
  tickets: WireTicket[] = [];
  constructor(
    readonly opts: { status?: string; showAll?: boolean; selectedQueueIds: number[]; user: WireUser },
  ) {}

  load(tickets: WireTicket[]) {
    const mine = this.opts.user.queues.map((q) => q.id);
    const kept = this.opts.user.profile === 'user' ? tickets.filter((t) => mine.includes(t.queueId as number)) : tickets;
    for (const t of kept) {
      const i = this.tickets.findIndex((x) => x.id === t.id);
      if (i === -1) this.tickets.push(t);
      else this.tickets[i] = t;
    }
  }

  private mayShow(t: WireTicket) {
    return (!t.userId || t.userId === this.opts.user.id || !!this.opts.showAll) && (!t.queueId || this.opts.selectedQueueIds.includes(t.queueId));
  }

  onTicket(data: { action: string; ticket?: WireTicket; ticketId?: number }) {
    if (data.action === 'updateUnread') {
      const t = this.tickets.find((x) => x.id === data.ticketId);
      if (t) t.unreadMessages = 0;
    }
    if (data.action === 'update' && data.ticket && this.mayShow(data.ticket) && data.ticket.status === this.opts.status) {
      const i = this.tickets.findIndex((x) => x.id === data.ticket!.id);
      if (i === -1) this.tickets.unshift(data.ticket);
      else this.tickets[i] = data.ticket;
    }
    if (data.action === 'update' && data.ticket?.queueId && !this.opts.selectedQueueIds.includes(data.ticket.queueId)) this.remove(data.ticket.id);
    if (data.action === 'delete') this.remove(data.ticketId!);
  }

  onAppMessage(data: { action: string; ticket?: WireTicket }) {
    const mine = this.opts.user.queues.map((q) => q.id);
    if (this.opts.user.profile === 'user' && (!data.ticket?.queue || !mine.includes(data.ticket.queue.id))) return;
    if (data.action === 'create' && data.ticket && this.mayShow(data.ticket) && (this.opts.status === undefined || data.ticket.status === this.opts.status)) {
      this.remove(data.ticket.id);
      this.tickets.unshift(data.ticket);
    }
  }

  /** Feeds every frame the socket received so far, in order. */
  replay(socket: SpecSocket) {
    for (const f of socket.frames) {
      if (f.event === socket.channel('ticket')) this.onTicket(f.payload as { action: string });
      if (f.event === socket.channel('appMessage')) this.onAppMessage(f.payload as { action: string });
    }
    return this;
  }

  has(id: number) {
    return this.tickets.some((t) => t.id === id);
  }

  private remove(id: number) {
    const i = this.tickets.findIndex((x) => x.id === id);
    if (i !== -1) this.tickets.splice(i, 1);
  }
}

/** The ticket fields every list item and the conversation header read, present and typed. */
export const expectWireTicket = (t: WireTicket) => {
  expect(t).toMatchObject({
    id: expect.any(Number),
    uuid: expect.any(String),
    status: expect.any(String),
    contactId: expect.any(Number),
    isGroup: expect.any(Boolean),
    lastMessage: expect.any(String),
    unreadMessages: expect.any(Number),
    updatedAt: expect.any(String),
    contact: { id: expect.any(Number), name: expect.any(String), number: expect.any(String) },
    tags: expect.any(Array),
  });
  expect(Number.isNaN(Date.parse(t.updatedAt))).toBe(false);
  expect('queue' in t && 'user' in t && 'queueId' in t && 'userId' in t).toBe(true);
};

/** The message fields MessagesList reads. */
export const expectWireMessage = (m: WireMessage) => {
  expect(m).toMatchObject({
    id: expect.any(Number),
    ticketId: expect.any(Number),
    body: expect.any(String),
    fromMe: expect.any(Boolean),
    ack: expect.any(Number),
    isDeleted: expect.any(Boolean),
    createdAt: expect.any(String),
  });
  expect(Number.isNaN(Date.parse(m.createdAt))).toBe(false);
  expect('mediaUrl' in m && 'mediaType' in m && 'quotedMsg' in m).toBe(true);
};
