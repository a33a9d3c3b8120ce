/**
 * The connections page and the menu's connection alert, as the spec's client loads them
 * (context/WhatsApp → useWhatsApps, pages/Connections, layout/MainListItems; administration §2
 * Connections page, §7 Connections; attendance §2 Side menu).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient } from './client';
import { createStage, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
});
afterAll(async () => {
  await stage?.close();
});

const STATUSES = ['CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

describe('GET /whatsapp/?session=0 (trailing slash, as the client writes it)', () => {
  it('answers the list of connections with the fields the table and the menu badge read', async () => {
    const res = await admin.whatsapps();
    expect(res.url).toBe('/whatsapp/?session=0');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.data)).toBe(true);
    const sandbox = res.data.find((w) => w.id === stage.c.whatsapp.id);
    expect(sandbox).toMatchObject({ id: stage.c.whatsapp.id, name: 'Sandbox', retries: expect.any(Number), qrcode: expect.any(String), isDefault: expect.any(Boolean) });
    expect(STATUSES).toContain(sandbox!.status);
    expect(Number.isNaN(Date.parse(String(sandbox!.updatedAt)))).toBe(false);
  });

  it('answers the same without the slash, and with companyId as some of its calls add', async () => {
    const plain = await admin.http<unknown[]>('GET', '/whatsapp', { params: { session: 0 } });
    expect(plain.status).toBe(200);
    const withCompany = await admin.http<unknown[]>('GET', '/whatsapp/', { params: { companyId: admin.companyId, session: 0 } });
    expect(withCompany.status).toBe(200);
    expect(withCompany.data).toEqual(plain.data);
  });

  it('opens one connection for its edit dialog: GET /whatsapp/{id}?session=0', async () => {
    const res = await admin.http<{ id: number; name: string }>('GET', `/whatsapp/${stage.c.whatsapp.id}`, { params: { session: 0 } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: stage.c.whatsapp.id, name: 'Sandbox' });
  });
});
