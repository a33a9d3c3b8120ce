/** How many months each recurrence adds to a due date (administration.md Company.recurrence). */
export const recurrenceMonths = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;

/**
 * A due date (YYYY-MM-DD) moved on by the recurrence, in calendar months; a day the target month
 * lacks becomes its last day (31 Jan + MENSAL = 28/29 Feb). An unknown recurrence counts as MENSAL.
 */
export const addRecurrence = (day: string, recurrence: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const months = recurrenceMonths[recurrence as keyof typeof recurrenceMonths] ?? 1;
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};

/** Whole days from `today` to `day` (both YYYY-MM-DD); negative when past. */
export const daysUntil = (day: string, today: string): number => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/**
 * The Empresas table's row colour (administration.md Settings): due today or past → 'overdue'
 * (red), due in 1–5 days → 'soon' (yellow), else none.
 */
export const dueState = (day: string, today: string): 'overdue' | 'soon' | null => {
  const n = daysUntil(day, today);
  return n <= 0 ? 'overdue' : n <= 5 ? 'soon' : null;
};
