/**
 * The settings page's "Opções" switches as the spec's client sends them (administration §7:
 * PUT /settings/{key} with {key, value}) and the ticket list reading them back (attendance §7:
 * GET /settings/, then `find(s => s.key === 'sendGreetingAccepted')`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient } from './client';
import { createStage, uniquePhone, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
});
afterAll(async () => {
  await stage?.close();
});

describe('company settings', () => {
  it('a switch turned on is what the list reads next, and accepting then greets', async () => {
    const put = await admin.updateSetting('sendGreetingAccepted', 'enabled');
    expect(put.status).toBe(200);
    expect(put.data).toEqual({ key: 'sendGreetingAccepted', value: 'enabled' });
    const t = await stage.customerWrites(uniquePhone(), 'Oi', 'Carla Saudação');
    const accepted = await admin.acceptFromList(t);
    expect(accepted.put.status).toBe(200);
    expect(accepted.setting?.value).toBe('enabled');
    await admin.updateSetting('sendGreetingAccepted', 'disabled');
  });

  it('an agent may read but not change them; an unknown key is refused with a code', async () => {
    const agent = await stage.userTab([]);
    expect((await agent.settings()).status).toBe(200);
    const denied = await agent.updateSetting('sendGreetingAccepted', 'enabled');
    expect(denied.status).toBe(403);
    expect((denied.data as unknown as { error: string }).error).toBe('ERR_NO_PERMISSION');
    const unknown = await admin.updateSetting('bogusKey', 'enabled');
    expect(unknown.status).toBe(404);
    expect((unknown.data as unknown as { error: string }).error).toBe('ERR_NO_SETTING_FOUND');
  });
});

describe('company hours (Horários)', () => {
  it("the week sent as { id, schedules } is what the page reads back from GET /companies/{id}", async () => {
    const week = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
      { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
    ];
    const put = await admin.updateSchedules(week);
    expect(put.status).toBe(200);
    expect(put.data.schedules).toEqual(week);
    const read = await admin.company();
    expect(read.status).toBe(200);
    expect(read.data.schedules).toEqual(week);
  });
});
