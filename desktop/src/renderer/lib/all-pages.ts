/** Every page of a paged list (at most 20 pages: a choice list, not an export). */
export const allPages = async <R extends { hasMore: boolean }, T>(page: (n: number) => Promise<R>, items: (r: R) => T[]): Promise<T[]> => {
  const out: T[] = [];
  for (let n = 1; n <= 20; n += 1) {
    const r = await page(n);
    out.push(...items(r));
    if (!r.hasMore) break;
  }
  return out;
};
