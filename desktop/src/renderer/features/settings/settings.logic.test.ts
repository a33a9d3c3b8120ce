import { describe, expect, it } from 'vitest';
import { auditChanges, fullWeek, hoursText, isTime, maskTime, timeZones } from './settings.logic';

describe('settings logic', () => {
  it("fills the spec's default week around the stored days, Monday first", () => {
    const week = fullWeek([{ weekday: 'x', weekdayEn: 'tuesday', startTime: '09:00', endTime: '17:30' }]);
    expect(week.map((d) => [d.weekdayEn, d.weekday, d.startTime, d.endTime])).toEqual([
      ['monday', 'Segunda-feira', '08:00', '18:00'],
      ['tuesday', 'Terça-feira', '09:00', '17:30'],
      ['wednesday', 'Quarta-feira', '08:00', '18:00'],
      ['thursday', 'Quinta-feira', '08:00', '18:00'],
      ['friday', 'Sexta-feira', '08:00', '18:00'],
      ['saturday', 'Sábado', '08:00', '12:00'],
      ['sunday', 'Domingo', '00:00', '00:00'],
    ]);
  });

  it('accepts ##:## (or nothing) and masks typing into it', () => {
    expect(['08:00', '23:59', '', '00:00'].every(isTime)).toBe(true);
    expect(['24:00', '8:00', '08:60', '0800', 'ab:cd'].some(isTime)).toBe(false);
    expect(maskTime('0830')).toBe('08:30');
    expect(maskTime('08:3')).toBe('08:3');
    expect(maskTime('1a2b3c4d5')).toBe('12:34');
    expect(maskTime('')).toBe('');
  });

  it('lists the changed fields of an audit row, before → after', () => {
    expect(auditChanges({ name: 'Loja', token: '•••' }, { name: 'Loja Centro', token: '•••' })).toEqual([
      { field: 'name', before: 'Loja', after: 'Loja Centro' },
      { field: 'token', before: '•••', after: '•••' },
    ]);
    expect(auditChanges(null, { queueIds: [1, 2] })).toEqual([{ field: 'queueIds', before: '', after: '[1,2]' }]);
    expect(hoursText([{ weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '' }])).toBe('Sábado 08:00–—');
    expect(hoursText('x')).toBeNull();
  });

  it("offers every IANA zone, keeping the company's even if unknown here", () => {
    expect(timeZones('America/Sao_Paulo')).toContain('Europe/Lisbon');
    expect(timeZones('Nowhere/Else')[0]).toBe('Nowhere/Else');
  });
});
