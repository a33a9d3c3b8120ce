import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogosResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { multipart } from '../../../test/helpers/form-parts';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';
import { LOGO_MAX_BYTES } from './logos.service';

// Settings → Logo: the super user's PNG, ICO or SVG (sniffed, never trusted by name), served at
// /public/logotipos/* at once, the defaults otherwise.

let app: TestApp;
let dataDir: string;
let superToken: string;
let co: TestCompany;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0, 40, 0, 0, 0, 22, 0, 0, 0]), Buffer.alloc(40)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0a0"/></svg>');
/** As drawing programs write it: an XML declaration first (file-type calls that 'xml'). */
const SVG_DECLARED = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4" fill="#00a"/></svg>');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'balcao-logos-'));
  app = await createTestApp({ config: { dataDir } });
  superToken = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
  co = await createCompany(app);
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (token: string, ref: string, bytes: Buffer, filename: string, type = 'image/png') => {
  const form = multipart([{ name: 'typeArch', value: 'logo' }, { name: 'file', value: bytes, filename, contentType: type }]);
  return app.app.inject({ method: 'POST', url: `/settings/media-upload?ref=${ref}`, headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType }, payload: form.payload });
};
const fetchLogo = (path: string) => app.app.inject({ method: 'GET', url: path });

describe('logos', () => {
  it('serves the defaults until a logo is uploaded; no favicon by default', async () => {
    const urls = (await api(app).get<LogosResponse>('/logos')).body;
    expect(urls).toEqual({ login: '/public/logotipos/login.png', interno: '/public/logotipos/interno.png', favicon: '' });
    const r = await fetchLogo('/public/logotipos/login.png');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect((await fetchLogo('/public/logotipos/favicon.ico')).statusCode).toBe(404);
    expect((await fetchLogo('/public/logotipos/..%2Fsecrets.json')).statusCode).toBe(400);
  });

  it('takes a PNG for the login page: the spec answer, a new version, the bytes served at once, audited', async () => {
    const r = await upload(superToken, 'login', PNG, 'marca.png');
    expect(r.statusCode).toBe(200);
    const body = r.json<{ mensagem: string; url: string }>();
    expect(body.mensagem).toBe('Arquivo Anexado');
    expect(body.url).toMatch(/^\/public\/logotipos\/login\.png\?v=\w+$/);
    expect((await api(app).get<LogosResponse>('/logos')).body.login).toBe(body.url);
    // The spec's client always asks login.png: it gets the new bytes.
    const served = await fetchLogo('/public/logotipos/login.png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['cache-control']).toBe('no-cache');
    const again = await app.app.inject({ method: 'GET', url: '/public/logotipos/login.png', headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const [trail] = await app.owner`select action, entity_id, after from audit_logs where entity = 'logo' order by id desc limit 1`;
    expect(trail).toMatchObject({ action: 'create', entity_id: 'login', after: { kind: 'png', fileName: 'marca.png' } });
  });

  it('takes an ICO favicon and an SVG inside logo; the SVG is served as SVG under a sandbox CSP', async () => {
    expect((await upload(superToken, 'favicon', ICO, 'favicon.ico', 'image/x-icon')).statusCode).toBe(200);
    const ico = await fetchLogo('/public/logotipos/favicon.ico');
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect((await upload(superToken, 'interno', SVG, 'interno.svg', 'image/svg+xml')).statusCode).toBe(200);
    const urls = (await api(app).get<LogosResponse>('/logos')).body;
    expect(urls.interno).toMatch(/^\/public\/logotipos\/interno\.svg\?v=/);
    const svg = await fetchLogo('/public/logotipos/interno.png');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.body).toBe(SVG.toString());
    // A PNG afterwards replaces the SVG.
    expect((await upload(superToken, 'interno', PNG, 'interno.png')).statusCode).toBe(200);
    expect((await fetchLogo('/public/logotipos/interno.svg')).headers['content-type']).toBe('image/png');
  });

  it.each([
    ['a PNG name over SVG bytes with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'), 'logo.png', 'image/png'],
    ['an SVG name over a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'logo.svg', 'image/svg+xml'],
    ['an SVG with an event handler', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.svg', 'image/svg+xml'],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), 'logo.png', 'image/png'],
  ])('refuses %s (ERR_FILE_TYPE_NOT_ALLOWED) and keeps the logo', async (_name, bytes, filename, type) => {
    const before = (await fetchLogo('/public/logotipos/login.png')).rawPayload;
    const r = await upload(superToken, 'login', bytes, filename, type);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
    expect((await fetchLogo('/public/logotipos/login.png')).rawPayload.equals(before)).toBe(true);
  });

  it('takes an SVG with an XML declaration, and refuses an XML document that is not SVG', async () => {
    expect((await upload(superToken, 'login', SVG_DECLARED, 'desenho.svg', 'image/svg+xml')).statusCode).toBe(200);
    expect((await fetchLogo('/public/logotipos/login.png')).body).toBe(SVG_DECLARED.toString());
    const xml = await upload(superToken, 'login', Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel/></rss>'), 'feed.svg', 'image/svg+xml');
    expect(xml.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
  });

  it('serves a PNG renamed .svg as the PNG it is', async () => {
    expect((await upload(superToken, 'login', PNG, 'logo.svg', 'image/svg+xml')).statusCode).toBe(200);
    const r = await fetchLogo('/public/logotipos/login.svg');
    expect(r.headers['content-type']).toBe('image/png');
  });

  it('refuses a file over the limit (413), a bad destination (400), and anyone but the super user (403)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    expect((await upload(superToken, 'login', big, 'big.png')).statusCode).toBe(413);
    expect((await upload(superToken, 'banner', PNG, 'a.png')).statusCode).toBe(400);
    const denied = await upload(co.adminToken, 'login', SVG, 'a.svg', 'image/svg+xml');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await fetchLogo('/public/logotipos/login.png')).headers['content-type']).toBe('image/png');
  });
});
