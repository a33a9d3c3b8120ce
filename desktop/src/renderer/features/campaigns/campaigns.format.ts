import dayjs from 'dayjs';

/** '25/11/2026 14:30' (the tables' and report's dates). */
export const formatDateTime = (iso: string): string => dayjs(iso).format('DD/MM/YYYY HH:mm');
