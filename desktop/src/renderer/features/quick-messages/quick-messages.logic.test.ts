import { describe, expect, it } from 'vitest';
import { insertAtCursor, matchesSearch, removeRecord, upsertRecord } from './quick-messages.logic';
import { makeQuickMessage } from './quick-messages.fixtures';

describe('insertAtCursor', () => {
  it('puts the text at the caret, replaces a selection, and falls back to the end', () => {
    expect(insertAtCursor('Olá !', '{{name}}', 4)).toEqual({ text: 'Olá {{name}}!', caret: 12 });
    expect(insertAtCursor('Olá XX!', '{{name}}', 4, 6)).toEqual({ text: 'Olá {{name}}!', caret: 12 });
    expect(insertAtCursor('Olá', ' {{ms}}', null)).toEqual({ text: 'Olá {{ms}}', caret: 10 });
    expect(insertAtCursor('ab', 'X', 99, 120)).toEqual({ text: 'abX', caret: 3 });
  });
});

describe('the list kept live', () => {
  const a = makeQuickMessage({ id: 1, shortcode: 'alfa' });
  const c = makeQuickMessage({ id: 3, shortcode: 'charlie', message: 'tchau' });

  it('adds in shortcode order, replaces in place, and never goes back to an older copy', () => {
    const b = makeQuickMessage({ id: 2, shortcode: 'bravo' });
    expect(upsertRecord([a, c], b, '')).toEqual({ list: [a, b, c], delta: 1 });
    const newer = { ...a, message: 'novo', updatedAt: '2026-06-01T00:00:00.000Z' };
    expect(upsertRecord([a, c], newer, '').list[0]).toBe(newer);
    expect(upsertRecord([newer, c], a, '')).toEqual({ list: [newer, c], delta: 0 });
  });

  it('keeps a search: a record that no longer matches leaves, one that never did is not added', () => {
    expect(matchesSearch(c, 'TCH')).toBe(true);
    expect(upsertRecord([c], { ...c, message: 'oi', updatedAt: '2026-06-01T00:00:00.000Z' }, 'tch')).toEqual({ list: [], delta: -1 });
    expect(upsertRecord([c], a, 'tch')).toEqual({ list: [c], delta: 0 });
  });

  it('removes by id', () => {
    expect(removeRecord([a, c], 3)).toEqual({ list: [a], delta: -1 });
    expect(removeRecord([a], 3)).toEqual({ list: [a], delta: 0 });
  });
});
