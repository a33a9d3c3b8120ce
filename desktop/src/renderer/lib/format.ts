import dayjs from 'dayjs';

/** Ticket list time: HH:mm when the date is today (local time), else dd/MM/yyyy. */
export const formatListTime = (iso: string, now: Date = new Date()): string => {
  const d = dayjs(iso);
  if (!d.isValid()) return '';
  return d.isSame(now, 'day') ? d.format('HH:mm') : d.format('DD/MM/YYYY');
};

export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD/MM/YYYY') : '';
};

export const formatClock = (iso: string): string => {
  const d = dayjs(iso);
  return d.isValid() ? d.format('HH:mm') : '';
};

/** The day key used to place date separators between messages. */
export const dayKey = (iso: string): string => dayjs(iso).format('YYYY-MM-DD');

export const initials = (name: string): string => {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
};

/** A company due date is a calendar date: never shift it through the local timezone. */
export const formatDueDate = (value: string | null | undefined): string => {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};
