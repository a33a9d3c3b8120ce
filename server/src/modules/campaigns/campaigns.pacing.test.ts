/** The spec's pacing and variables (server-behaviour §8), as pure functions. */
import { describe, expect, it } from 'vitest';
import { paceWindow, renderCampaignText, windowSize } from './campaigns.runner';

describe('paceWindow', () => {
  it('spaces sends by messageInterval and puts greaterInterval after every longerIntervalAfter sends', () => {
    const s = { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60 };
    // Sends 0,1,2 at 5 s apart; the 4th (index 3) comes 60 s after the 3rd; then 5 s again.
    expect(paceWindow(s, 0, 6)).toEqual({ delays: [0, 5, 10, 70, 75, 80], next: 140 });
  });

  it('continues the count across windows', () => {
    const s = { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60 };
    // 2 already dispatched: the window's second send is the campaign's 4th → the long pause.
    expect(paceWindow(s, 2, 3).delays).toEqual([0, 60, 65]);
  });

  it('interval 0 and no longer interval: everything at once, a window of 500', () => {
    const s = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 60 };
    expect(paceWindow(s, 10, 4)).toEqual({ delays: [0, 0, 0, 0], next: 0 });
    expect(windowSize(s)).toBe(500);
    expect(windowSize({ messageInterval: 20 })).toBe(3);
  });
});

describe('renderCampaignText', () => {
  it('fills {nome} {email} {numero} and the company variables, leaving unknown ones', () => {
    const text = renderCampaignText('Oi {nome} ({email}, {numero}) na {loja}: {cupom} {nada}', { name: 'Ana', email: 'a@x.com', number: '5511999' }, [
      { key: 'loja', value: 'Centro' },
      { key: 'cupom', value: 'BF10' },
    ]);
    expect(text).toBe('Oi Ana (a@x.com, 5511999) na Centro: BF10 {nada}');
  });

  it('a company variable never overrides the contact facts', () => {
    expect(renderCampaignText('{nome}', { name: 'Ana', email: '', number: '' }, [{ key: 'nome', value: 'Outro' }])).toBe('Ana');
  });
});
