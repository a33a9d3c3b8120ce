/**
 * The super user's settings tabs and /helps as the spec's client calls them (administration.md §7
 * "Companies, plans, helps, settings"): GET /companies, /companies/list, /companies/{id}, POST
 * /companies, PUT and DELETE /companies/{id}; GET /helps, /helps/list, POST /helps, PUT and
 * DELETE /helps/{id}; POST /settings/media-upload?ref={destination} (multipart), success when
 * `mensagem` is 'Arquivo Anexado'; the logo then read at /public/logotipos/login.png.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { SpecClient } from './client';
import { createStage, type Stage } from './stage';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let stage: Stage;
let su: SpecClient;
beforeAll(async () => {
  stage = await createStage();
  su = new SpecClient(stage.app);
  const { admitted } = await su.login(SUPER_EMAIL, SUPER_PASSWORD);
  expect(admitted).toBe(true);
});
afterAll(async () => {
  await stage?.close();
  // The stage's data folder is every suite's (testConfig): leave the default logo behind.
  rmSync(join(testConfig().dataDir, 'logos'), { recursive: true, force: true });
});

interface WireCompany {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  dueDate: string;
  recurrence: string;
}

describe('Empresas and Cadastrar Empresa', () => {
  it('the form as the spec sends it (no admin block) creates, lists, reads, edits and deletes a company', async () => {
    const plans = await su.http<{ id: number }[]>('GET', '/plans/list');
    const form = { name: 'Padaria Protocolo', email: 'padaria@example.com', phone: '11987654321', planId: plans.data[0]!.id, status: true, dueDate: '2031-01-31', recurrence: 'MENSAL', campaignsEnabled: true, password: 'Senha123' };
    const created = await su.http<WireCompany>('POST', '/companies', { data: form });
    expect(created.status).toBe(200);
    const id = created.data.id;
    for (const path of ['/companies', '/companies/list']) {
      const list = await su.http<WireCompany[]>('GET', path);
      expect(list.data.find((c) => c.id === id)).toMatchObject({ name: 'Padaria Protocolo', dueDate: '2031-01-31', recurrence: 'MENSAL', status: true });
    }
    expect((await su.http<WireCompany>('GET', `/companies/${id}`)).data).toMatchObject({ id, email: 'padaria@example.com', phone: '11987654321' });
    // Its admin logs in with the form's e-mail and password.
    const admin = new SpecClient(stage.app);
    expect((await admin.login('padaria@example.com', 'Senha123')).admitted).toBe(true);
    // The 'Vencimento' plus: the same record with the due date moved by the recurrence.
    const put = await su.http<WireCompany>('PUT', `/companies/${id}`, { data: { ...form, dueDate: '2031-02-28' } });
    expect(put.status).toBe(200);
    expect(put.data.dueDate).toBe('2031-02-28');
    const del = await su.http('DELETE', `/companies/${id}`);
    expect(del.status).toBe(200);
    expect((await su.http('GET', `/companies/${id}`)).status).toBe(404);
  });
});

describe('helps', () => {
  it('the Ajuda tab writes, every user reads GET /helps and /helps/list', async () => {
    const created = await su.http<{ id: number; video: string }>('POST', '/helps', { data: { title: 'Primeiros passos', description: 'Como começar', video: 'dQw4w9WgXcQ' } });
    expect(created.status).toBe(200);
    const agent = await stage.userTab([]);
    for (const path of ['/helps', '/helps/list']) {
      const r = await agent.http<{ id: number; title: string; video: string; description: string }[]>('GET', path);
      expect(r.status).toBe(200);
      expect(r.data.find((h) => h.id === created.data.id)).toMatchObject({ title: 'Primeiros passos', description: 'Como começar', video: 'dQw4w9WgXcQ' });
    }
    expect((await su.http('PUT', `/helps/${created.data.id}`, { data: { title: 'Primeiros passos', description: '', video: 'dQw4w9WgXcQ' } })).status).toBe(200);
    expect((await agent.http('DELETE', `/helps/${created.data.id}`)).status).toBe(403);
    expect((await su.http('DELETE', `/helps/${created.data.id}`)).status).toBe(200);
  });
});

describe('Logo', () => {
  it("POST /settings/media-upload?ref=login answers mensagem 'Arquivo Anexado' and the login page's logo is the new one", async () => {
    const form = new FormData();
    form.append('typeArch', 'logo');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const r = await su.http<{ mensagem: string }>('POST', '/settings/media-upload', { params: { ref: 'login' }, form });
    expect(r.status).toBe(200);
    expect(r.data.mensagem).toBe('Arquivo Anexado');
    const img = await fetch(`${stage.app.url}/public/logotipos/login.png`);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
