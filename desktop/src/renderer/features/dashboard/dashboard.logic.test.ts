import { describe, expect, it } from 'vitest';
import { attendantsCsv, barsCsv, dayBars, hoursMinutes, showChecklist, userBars } from './dashboard.logic';

describe('dashboard logic', () => {
  it('shows minutes as hours and minutes, and nothing measured as a dash', () => {
    expect(hoursMinutes(47)).toBe('00h 47m');
    expect(hoursMinutes(125)).toBe('02h 05m');
    expect(hoursMinutes(60 * 30 + 1)).toBe('30h 01m');
    expect(hoursMinutes(null)).toBe('—');
  });

  it('exports the attendants as ; separated lines, quoting what needs it', () => {
    const csv = attendantsCsv(['Nome', 'Avaliação', 'Tempo', 'Tickets', 'Status'], [
      { id: 1, name: 'Ana; a "chefe"', rating: 2.5, avgSupportTime: 61, tickets: 3, online: true },
      { id: 2, name: 'Bruno', rating: null, avgSupportTime: null, tickets: 0, online: false },
    ], 'Online', 'Offline');
    expect(csv).toBe('\uFEFFNome;Avaliação;Tempo;Tickets;Status\r\n"Ana; a ""chefe""";2,5;01h 01m;3;Online\r\nBruno;;—;0;Offline\r\n');
  });

  it('turns chart answers into bars: users, days and hours', () => {
    expect(userBars({ data: [{ userId: 1, nome: 'Ana', quantidade: 4 }], count: 4 })).toEqual([{ label: 'Ana', value: 4 }]);
    expect(dayBars({ data: [{ data: '09/03/2026', total: 1 }], count: 1 })).toEqual([{ label: '09/03/2026', value: 1 }]);
    expect(dayBars({ data: [{ horario: '08', total: 2 }], count: 2 })).toEqual([{ label: '08:00', value: 2 }]);
    expect(barsCsv(['Dia', 'Total'], [{ label: '08:00', value: 2 }])).toBe('\uFEFFDia;Total\r\n08:00;2\r\n');
  });

  it('shows the checklist until it is dismissed or everything is done', () => {
    const steps = { whatsapp: true, queues: false, users: false, hours: false, simulator: false };
    expect(showChecklist({ dismissed: false, steps })).toBe(true);
    expect(showChecklist({ dismissed: true, steps })).toBe(false);
    expect(showChecklist({ dismissed: false, steps: { whatsapp: true, queues: true, users: true, hours: true, simulator: true } })).toBe(false);
    expect(showChecklist(null)).toBe(false);
  });
});
