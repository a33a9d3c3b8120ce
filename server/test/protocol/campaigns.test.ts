/**
 * The campaign pages as the spec's client uses them (administration.md §7 "Campaigns"): the list
 * (`GET /campaigns/` with searchParam and pageNumber; reads `records`, `hasMore`), the modal's save
 * (POST / PUT of the form's values: 'Nenhuma' for no tag, '' for no connection, the
 * datetime-local value), GET on open, cancel/restart refused outside their statuses, DELETE, and
 * the settings page's POST `{ settings }`.
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

describe('pages/Campaigns, CampaignModal and CampaignsConfig', () => {
  it("saves the modal's values, lists, opens, refuses a cancel of an INATIVA one, and deletes", async () => {
    const form = {
      name: 'Campanha Protocolo',
      message1: 'Olá {nome}',
      message2: '',
      message3: '',
      message4: '',
      message5: '',
      confirmationMessage1: '',
      confirmationMessage2: '',
      confirmationMessage3: '',
      confirmationMessage4: '',
      confirmationMessage5: '',
      status: 'INATIVA',
      confirmation: false,
      scheduledAt: '',
      whatsappId: '',
      contactListId: '',
      tagListId: 'Nenhuma',
      fileListId: '',
    };
    const made = await admin.saveCampaign(form);
    expect(made.status).toBe(200);
    const id = made.data.id as number;
    expect(made.data).toMatchObject({ name: 'Campanha Protocolo', status: 'INATIVA', tagListId: null, whatsappId: null, scheduledAt: null });

    const page = await admin.campaignsPage('Protocolo', 1);
    expect(page.status).toBe(200);
    expect(page.data.hasMore).toBe(false);
    expect(page.data.records).toEqual([expect.objectContaining({ id, name: 'Campanha Protocolo' })]);

    const loaded = await admin.campaign(id);
    expect(loaded.status).toBe(200);
    const later = await admin.saveCampaign({ ...loaded.data, scheduledAt: '2999-01-01T10:00', whatsappId: stage.c.whatsapp.id, tagListId: 'Nenhuma' }, id);
    // Scheduled without an audience: the server says which field.
    expect(later.status).toBe(400);
    expect(JSON.stringify(later.data)).toContain('contactListId');

    expect((await admin.campaignAction(id, 'cancel')).status).toBe(409);
    expect((await admin.campaignAction(id, 'restart')).status).toBe(409);
    const gone = await admin.deleteCampaign(id);
    expect(gone.status).toBe(200);
    expect((await admin.campaign(id)).status).toBe(404);
  });

  it('saves the settings page as { settings } and reads them back', async () => {
    const saved = await admin.saveCampaignSettings({ messageInterval: 10, longerIntervalAfter: 30, greaterInterval: 80, variables: [{ key: 'cupom', value: 'BF10' }] });
    expect(saved.status).toBe(200);
    const read = await admin.campaignSettings();
    // pages/CampaignsConfig: an array of { key, value }, each value JSON.parse'd into the form.
    expect(Array.isArray(read.data)).toBe(true);
    const settings = Object.fromEntries((read.data as unknown as { key: string; value: string }[]).map((item) => [item.key, JSON.parse(item.value) as unknown]));
    expect(settings).toEqual({ messageInterval: 10, longerIntervalAfter: 30, greaterInterval: 80, variables: [{ key: 'cupom', value: 'BF10' }] });
  });
});
