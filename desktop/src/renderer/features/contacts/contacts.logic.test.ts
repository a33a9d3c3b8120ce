import { describe, expect, it } from 'vitest';
import { contactsCsv, nearBottom, upsertContact } from './contacts.logic';
import { makeContact } from './contacts.fixtures';

describe('contacts.logic', () => {
  it('writes the export with a BOM, the header and quoted fields when needed', () => {
    const csv = contactsCsv([{ name: 'Ana "A"', number: '5511', email: 'a@b.co' }, { name: 'Bia', number: '5512', email: '' }]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual(['name;number;email', '"Ana ""A""";5511;a@b.co', 'Bia;5512;', '']);
  });

  it('is near the bottom within 100 px only', () => {
    expect(nearBottom({ scrollTop: 500, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(nearBottom({ scrollTop: 499, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
  });

  it('keeps a new contact beyond the loaded pages out of the list (it comes with its page) but counts it', () => {
    const list = [makeContact({ id: 1, name: 'Ana' }), makeContact({ id: 2, name: 'Bia' })];
    expect(upsertContact(list, makeContact({ id: 3, name: 'Zé' }), '', false)).toEqual({ list, delta: 1 });
    expect(upsertContact(list, makeContact({ id: 3, name: 'Zé' }), '', true).list.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(upsertContact(list, makeContact({ id: 3, name: 'Ari' }), '', false).list.map((c) => c.id)).toEqual([1, 3, 2]);
    expect(upsertContact(list, makeContact({ id: 3, name: 'Ari' }), 'bia', true)).toEqual({ list, delta: 0 });
  });
});
