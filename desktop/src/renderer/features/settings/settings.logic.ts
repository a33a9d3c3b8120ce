import { INTEGRATION_SETTING_KEYS, SETTING_CHOICES, weekdaysEn, type CompanyScheduleDay, type SettingDto } from '@balcao/shared';

/** A select of the 'Opções' tab: the setting, its choices in order, and who sees it. */
export interface OptionField {
  key: string;
  choices: readonly string[];
  /** Platform settings: super users only (administration.md §6). */
  superOnly?: boolean;
}

/** The company's settings in the order the 'Opções' tab shows them. */
export const companyOptions: OptionField[] = [
  'userRating',
  'csat',
  'scheduleType',
  'CheckMsgIsGroup',
  'call',
  'chatBotType',
  'sendGreetingAccepted',
  'sendMsgTransfTicket',
  'sendGreetingMessageOneQueues',
  'twoFactorAdmins',
].map((key) => ({ key, choices: SETTING_CHOICES[key]! }));

export const platformOptions: OptionField[] = ['allowregister', 'viewregister', 'trial', 'twoFactorSuper'].map((key) => ({ key, choices: SETTING_CHOICES[key]!, superOnly: true }));

/** The integration keys, grouped as the spec's page shows them (IXC, MK-AUTH, ASAAS). */
export const integrationGroups: { title: 'ixc' | 'mkauth' | 'asaas'; keys: (typeof INTEGRATION_SETTING_KEYS)[number][] }[] = [
  { title: 'ixc', keys: ['ipixc', 'tokenixc'] },
  { title: 'mkauth', keys: ['ipmkauth', 'clientidmkauth', 'clientsecretmkauth'] },
  { title: 'asaas', keys: ['asaas'] },
];

/** The settings as a map; a change heard on the socket or answered by PUT replaces one entry. */
export type SettingsMap = Record<string, SettingDto>;
export const toMap = (list: SettingDto[]): SettingsMap => Object.fromEntries(list.map((s) => [s.key, s]));

/** Portuguese day names the spec's client stores beside weekdayEn. */
export const weekdayPt: Record<(typeof weekdaysEn)[number], string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

/** The spec's default week (administration.md §9): Mon–Fri 08:00–18:00, Sat 08:00–12:00, Sun 00:00–00:00. */
const defaultHours = (day: (typeof weekdaysEn)[number]): [string, string] =>
  day === 'saturday' ? ['08:00', '12:00'] : day === 'sunday' ? ['00:00', '00:00'] : ['08:00', '18:00'];

/** All seven days, Monday first: the stored ones as stored, missing ones with the default hours. */
export const fullWeek = (stored: readonly CompanyScheduleDay[]): CompanyScheduleDay[] =>
  weekdaysEn.map((day) => {
    const found = stored.find((s) => s.weekdayEn === day);
    if (found) return { ...found, weekday: weekdayPt[day] };
    const [startTime, endTime] = defaultHours(day);
    return { weekday: weekdayPt[day], weekdayEn: day, startTime, endTime };
  });

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** `##:##` (administration.md §5), or empty for a day without hours. */
export const isTime = (v: string): boolean => v === '' || HHMM.test(v);

/** Masks typing into `##:##`: digits only, a colon after the hour. */
export const maskTime = (raw: string): string => {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
};

/** Every IANA zone this runtime knows (the timezone select), with the current one kept if unknown. */
export const timeZones = (current: string): string[] => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) || !current ? all : [current, ...all];
};

/** One changed field of an audit row, its value as text ('' shown as an empty marker by the view). */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** The fields of an audit row, before → after (creates have no before, deletes no after). */
export const auditChanges = (before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] => {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((field) => ({ field, before: text(before?.[field]), after: text(after?.[field]) }));
};

/** Hours shown compactly in the trail: "monday 08:00–18:00, …". */
export const hoursText = (v: unknown): string | null => {
  if (!Array.isArray(v)) return null;
  return (v as Partial<CompanyScheduleDay>[]).map((d) => `${d.weekday ?? d.weekdayEn ?? '?'} ${d.startTime || '—'}–${d.endTime || '—'}`).join(', ');
};
