import { describe, expect, it } from 'vitest';
import { campaignSettingsFromRows, campaignSettingsToRows } from './campaigns';

const defaults = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] };

describe('campaign settings as { key, value } rows (decision 0276)', () => {
  it('writes each setting as a row with JSON text, and reads the rows back', () => {
    const s = { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 120, variables: [{ key: 'loja', value: 'Centro' }] };
    const rows = campaignSettingsToRows(s);
    expect(rows).toEqual([
      { key: 'messageInterval', value: '5' },
      { key: 'longerIntervalAfter', value: '0' },
      { key: 'greaterInterval', value: '120' },
      { key: 'variables', value: '[{"key":"loja","value":"Centro"}]' },
    ]);
    expect(campaignSettingsFromRows(rows, defaults)).toEqual(s);
  });

  it('keeps the fallback for a missing, unknown or unreadable row', () => {
    expect(campaignSettingsFromRows([{ key: 'messageInterval', value: 'x{' }, { key: 'outra', value: '1' }, { key: 'variables', value: '"texto"' }], defaults)).toEqual(defaults);
  });
});
