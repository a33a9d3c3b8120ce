/**
 * The signup phone mask (99) 99999-9999 (administration.md §2): whatever is typed or pasted is
 * reduced to its first 11 digits (a leading country code 55 dropped) and shown in the mask as far as it goes.
 */
export const maskPhone = (value: string | undefined): string => {
  const all = (value ?? '').replace(/\D/g, '');
  // A pasted international number (+55 …) loses its country code: the mask is Brazil's.
  const d = (all.length > 11 && all.startsWith('55') ? all.slice(2) : all).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
};
