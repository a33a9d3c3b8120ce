// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { setReachable, useConnectivity } from './connectivity';
import { ApiError, http, refreshSession } from './http';
import { setSession, useSession } from './session';

const user = { id: 1, companyId: 1, company: { id: 1, name: 'ACME', dueDate: null, settings: [] } } as unknown as SessionUserDto;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Seen {
  url: string;
  auth: string | null;
  credentials: RequestCredentials;
}

const stubFetch = (answers: Record<string, Response[]>) => {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname;
    seen.push({ url: path, auth: input.headers.get('authorization'), credentials: input.credentials });
    const next = answers[path]?.shift();
    if (!next) throw new Error(`unexpected call ${path}`);
    return next;
  });
  return seen;
};

describe('http session handling', () => {
  beforeEach(() => setSession('old-token', user));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sends the bearer token and cookies', async () => {
    const seen = stubFetch({ '/tickets': [json(200, { tickets: [] })] });
    await http.get('/tickets');
    expect(seen[0]).toMatchObject({ auth: 'Bearer old-token', credentials: 'include' });
  });

  it('on 403 refreshes once and retries with the new token', async () => {
    const seen = stubFetch({
      '/tickets': [json(403, { error: 'ERR_INVALID_TOKEN' }), json(200, { ok: 1 })],
      '/auth/refresh_token': [json(200, { token: 'new-token', user })],
    });
    await expect(http.get('/tickets')).resolves.toEqual({ ok: 1 });
    expect(seen.map((s) => s.url)).toEqual(['/tickets', '/auth/refresh_token', '/tickets']);
    expect(seen[2]?.auth).toBe('Bearer new-token');
    expect(JSON.parse(localStorage.getItem('token') ?? 'null')).toBe('new-token');
  });

  it('gives up after one refresh when the retry is still forbidden', async () => {
    const seen = stubFetch({
      '/tickets': [json(403, { error: 'ERR_NO_PERMISSION' }), json(403, { error: 'ERR_NO_PERMISSION' })],
      '/auth/refresh_token': [json(200, { token: 'new-token', user })],
    });
    const error = await http.get('/tickets').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect(seen).toHaveLength(3);
  });

  it('on 401 ends the session', async () => {
    stubFetch({ '/tickets': [json(401, { error: 'ERR_SESSION_EXPIRED' })] });
    await expect(http.get('/tickets')).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState()).toMatchObject({ token: null, status: 'anonymous' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('ends the session when the refresh itself fails', async () => {
    stubFetch({
      '/tickets': [json(403, { error: 'ERR_INVALID_TOKEN' })],
      '/auth/refresh_token': [json(401, { error: 'ERR_SESSION_EXPIRED' })],
    });
    await expect(http.get('/tickets')).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().status).toBe('anonymous');
  });

  it('no answer at all (the server unreachable): the call fails with status 0, the app knows it is offline, the session stays', async () => {
    setReachable(true);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await http.post('/messages/1', { body: 'oi' }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(useConnectivity.getState().reachable).toBe(false);
    expect(await refreshSession()).toBe(false);
    expect(useSession.getState()).toMatchObject({ token: 'old-token', status: 'authenticated' });
    // Back: a refresh that answers marks the server reachable again.
    stubFetch({ '/auth/refresh_token': [json(200, { token: 'new-token', user })] });
    expect(await refreshSession()).toBe(true);
    expect(useConnectivity.getState().reachable).toBe(true);
  });

  it('uploads a form with the session, and sends it again after the one refresh', async () => {
    const bodies: string[] = [];
    const types: (string | null)[] = [];
    const answers = [json(403, { error: 'ERR_INVALID_TOKEN' }), json(200, { id: 7 })];
    vi.stubGlobal('fetch', async (input: Request) => {
      const path = new URL(input.url).pathname;
      if (path === '/auth/refresh_token') return json(200, { token: 'new-token', user });
      types.push(input.headers.get('content-type'));
      bodies.push(await input.text());
      return answers.shift()!;
    });
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', new Blob(['bytes'], { type: 'text/plain' }), 'a.txt');
    await expect(http.postForm('/quick-messages/7/media-upload', form)).resolves.toEqual({ id: 7 });
    expect(types).toHaveLength(2);
    for (const [i, body] of bodies.entries()) {
      expect(types[i]).toMatch(/^multipart\/form-data; boundary=/);
      // (jsdom's Blob through Node's fetch loses the file name; a browser keeps it.)
      expect(body).toMatch(/name="typeArch"\r\n\r\nquickMessage\r\n[\s\S]*name="file"; filename=/);
      expect(body).toContain('bytes');
    }
  });
});
