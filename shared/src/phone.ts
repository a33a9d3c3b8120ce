/**
 * Brazilian phone numbers and the "9th digit".
 *
 * Since 2012–2016 every Brazilian mobile number has 9 digits after the area code (DDD), the
 * extra leading digit being a 9. WhatsApp still identifies many accounts registered before the
 * change by the old 8-digit form, so the same customer can reach us as `55 61 8123-4567`
 * (12 digits) or `55 61 9 8123-4567` (13 digits). Contacts are keyed by number, so we store one
 * form: the current, 13-digit one.
 *
 * The rule (`normalizeBrazilianNumber`): digits only; `55` + a valid 2-digit DDD + exactly 8
 * digits whose first is 6, 7, 8 or 9 (the old mobile ranges) → insert a `9` after the DDD.
 * Everything else is returned unchanged: landlines (8 digits starting 2–5), numbers that
 * already have the 9th digit, unknown DDDs and other countries.
 *
 * The reverse (`withoutNinthDigit`) gives the old 8-digit form of a 13-digit mobile, which is
 * the WhatsApp address of accounts that never migrated; `brazilianVariants` lists both forms
 * so a sender can ask WhatsApp which one exists.
 */

/** Area codes (DDD) in use in Brazil (Anatel). */
export const BRAZILIAN_DDDS: ReadonlySet<string> = new Set(
  [
    '11', '12', '13', '14', '15', '16', '17', '18', '19',
    '21', '22', '24', '27', '28',
    '31', '32', '33', '34', '35', '37', '38',
    '41', '42', '43', '44', '45', '46', '47', '48', '49',
    '51', '53', '54', '55',
    '61', '62', '63', '64', '65', '66', '67', '68', '69',
    '71', '73', '74', '75', '77', '79',
    '81', '82', '83', '84', '85', '86', '87', '88', '89',
    '91', '92', '93', '94', '95', '96', '97', '98', '99',
  ],
);

/** Keeps digits only ("+55 (61) 98123-4567" → "5561981234567"). */
export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** `55` + DDD + 8 digits starting 6–9: an old-form mobile number. */
const OLD_MOBILE = /^55(\d{2})([6-9]\d{7})$/;
/** `55` + DDD + 9 + 8 digits starting 6–9: a current mobile number. */
const NEW_MOBILE = /^55(\d{2})9([6-9]\d{7})$/;

/** Inserts the 9th digit in old-form Brazilian mobile numbers; anything else is returned as digits. */
export const normalizeBrazilianNumber = (value: string): string => {
  const digits = onlyDigits(value);
  const m = OLD_MOBILE.exec(digits);
  if (!m || !BRAZILIAN_DDDS.has(m[1]!)) return digits;
  return `55${m[1]}9${m[2]}`;
};

/** The old 8-digit form of a current Brazilian mobile number; anything else is returned as digits. */
export const withoutNinthDigit = (value: string): string => {
  const digits = onlyDigits(value);
  const m = NEW_MOBILE.exec(digits);
  if (!m || !BRAZILIAN_DDDS.has(m[1]!)) return digits;
  return `55${m[1]}${m[2]}`;
};

/**
 * The forms under which WhatsApp may know a number: the normalized one first, then, for
 * Brazilian mobiles, the old 8-digit form. Other numbers give a single entry.
 */
export const brazilianVariants = (value: string): string[] => {
  const normalized = normalizeBrazilianNumber(value);
  const old = withoutNinthDigit(normalized);
  return old === normalized ? [normalized] : [normalized, old];
};
