/**
 * `day + n months` as PostgreSQL's `date + interval` computes it (the billing's due dates): the
 * same day of the month, or the month's last day when it has no such day (Nov 30 + 3 → Feb 28).
 * Date#setUTCMonth would roll over into March instead.
 */
export const addMonths = (day: string, n: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, lastDay))).toISOString().slice(0, 10);
};
