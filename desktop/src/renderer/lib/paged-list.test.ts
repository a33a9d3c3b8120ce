import { describe, expect, it } from 'vitest';
import { byName } from './by-name';
import { createPagedList, type Page } from './paged-list';

interface Row {
  id: number;
  name: string;
  valid: boolean | null;
}

describe('createPagedList', () => {
  it('keeps live events heard while the first page was on its way (its answer may predate them)', async () => {
    let answer!: (p: Page<Row>) => void;
    const store = createPagedList<Row>({ fetch: () => new Promise((r) => (answer = r)), ...byName<Row>(() => true) });
    const loading = store.getState().load('');
    // The check's verdict and a deletion arrive after the server read the page, before its answer.
    store.getState().upsert({ id: 1, name: 'Ana', valid: true });
    store.getState().remove(2);
    store.getState().upsert({ id: 4, name: 'Davi', valid: null });
    answer({ records: [{ id: 1, name: 'Ana', valid: null }, { id: 2, name: 'Bia', valid: null }, { id: 3, name: 'Caio', valid: false }], count: 3, hasMore: false });
    await loading;
    expect(store.getState().records).toEqual([
      { id: 1, name: 'Ana', valid: true },
      { id: 3, name: 'Caio', valid: false },
      { id: 4, name: 'Davi', valid: null },
    ]);
    expect(store.getState().count).toBe(3);
    // Once loaded, nothing is replayed again by the next load.
    const again = store.getState().load('');
    answer({ records: [{ id: 1, name: 'Ana', valid: false }], count: 1, hasMore: false });
    await again;
    expect(store.getState().records).toEqual([{ id: 1, name: 'Ana', valid: false }]);
  });
});
