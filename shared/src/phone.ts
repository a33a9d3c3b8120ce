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
 *
 * `normalizePhone` is THE function every number goes through before it keys a contact
 * (decision 0032): typed by an agent, imported, or delivered by a channel. Canonical form:
 * the E.164 digits without '+', Brazilian mobiles with the 9th digit.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

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

/**
 * Any way of writing a phone number → the digits contacts are keyed by: E.164 without '+', a
 * Brazilian mobile always in its 13-digit form (with the 9th digit).
 *
 * - "+55 (11) 98888-7777", "(11) 98888-7777", "011 98888-7777", "5511988887777" and the old
 *   WhatsApp address "551188887777" all give "5511988887777";
 * - written without a country code, a number is read as one of `defaultCountry` (Brazil);
 *   starting with its country code, or with '+', as international (channels pass '+' + digits);
 * - what libphonenumber-js does not recognise as valid (group ids, LIDs, test numbers) keeps
 *   its digits, only the Brazilian 9th-digit rule applies.
 */
export const normalizePhone = (value: string, defaultCountry: CountryCode = 'BR'): string => {
  const digits = onlyDigits(value);
  if (!digits) return '';
  const parsed = parsePhoneNumberFromString(value, defaultCountry);
  if (!parsed?.isValid()) return normalizeBrazilianNumber(digits);
  // Written with its country code: the digits stay as written (libphonenumber may rewrite some
  // national forms, e.g. Mexico's mobile "1", that WhatsApp addresses keep). Written nationally
  // (or with a trunk or international prefix): country code + national number.
  const international = digits.startsWith(parsed.countryCallingCode) && digits.length > parsed.nationalNumber.length;
  return normalizeBrazilianNumber(international ? digits : `${parsed.countryCallingCode}${parsed.nationalNumber}`);
};

const CHANNEL_PHONES_KEPT = 10_000;
const channelPhones = new Map<string, string>();

/**
 * A number as a channel delivers it: always international digits (a WhatsApp JID's user part),
 * never read as national; its digits never change beyond the Brazilian 9th digit.
 */
export const normalizeChannelPhone = (digits: string): string => {
  // Every inbound message asks this of a number it has usually seen: libphonenumber's parse was
  // ~2 % of the ingest's CPU (issue 26). Pure, so remembered; the memory is dropped when full.
  const known = channelPhones.get(digits);
  if (known !== undefined) return known;
  const normalized = normalizePhone(`+${onlyDigits(digits)}`);
  if (channelPhones.size >= CHANNEL_PHONES_KEPT) channelPhones.clear();
  channelPhones.set(digits, normalized);
  return normalized;
};
