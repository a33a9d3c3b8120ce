import { describe, expect, it } from 'vitest';
import { BRAZILIAN_DDDS, brazilianVariants, normalizeBrazilianNumber, normalizeChannelPhone, normalizePhone, onlyDigits, withoutNinthDigit } from './phone';

describe('onlyDigits', () => {
  it('strips everything but digits', () => {
    expect(onlyDigits('+55 (61) 98123-4567')).toBe('5561981234567');
    expect(onlyDigits('')).toBe('');
  });
});

describe('normalizeBrazilianNumber', () => {
  it.each([
    ['556181234567', '5561981234567'], // 8 → 9 digits, mobile starting 8
    ['551191234567', '5511991234567'], // starting 9
    ['552171234567', '5521971234567'], // starting 7
    ['558561234567', '5585961234567'], // starting 6
    ['+55 (61) 8123-4567', '5561981234567'], // formatting removed first
  ])('inserts the 9th digit in the old mobile form %s', (input, expected) => {
    expect(normalizeBrazilianNumber(input)).toBe(expected);
  });

  it.each([
    ['5561981234567', 'already has the 9th digit'],
    ['556132345678', 'landline starting 3'],
    ['551123456789', 'landline starting 2'],
    ['554152345678', 'landline starting 5'],
    ['554143345678', 'landline starting 4'],
    ['552081234567', 'DDD 20 does not exist'],
    ['551081234567', 'DDD 10 does not exist'],
    ['15551234567', 'not Brazil (US)'],
    ['351912345678', 'not Brazil (Portugal, 12 digits)'],
    ['55618123456', 'too short'],
    ['55618123456789', 'too long'],
    ['120363025246125244', 'a group id'],
  ])('leaves %s untouched (%s)', (input) => {
    expect(normalizeBrazilianNumber(input)).toBe(input);
  });

  it('is idempotent', () => {
    const once = normalizeBrazilianNumber('556181234567');
    expect(normalizeBrazilianNumber(once)).toBe(once);
  });
});

describe('withoutNinthDigit', () => {
  it('removes the 9th digit of a current mobile number', () => {
    expect(withoutNinthDigit('5561981234567')).toBe('556181234567');
    expect(withoutNinthDigit('5511991234567')).toBe('551191234567');
  });

  it.each([['556181234567'], ['556132345678'], ['5520981234567'], ['15551234567'], ['5561951234567']])(
    'leaves %s untouched',
    (input) => {
      expect(withoutNinthDigit(input)).toBe(input);
    },
  );

  it('round-trips with normalizeBrazilianNumber for every DDD', () => {
    for (const ddd of BRAZILIAN_DDDS) {
      const old = `55${ddd}87654321`;
      const current = `55${ddd}987654321`;
      expect(normalizeBrazilianNumber(old)).toBe(current);
      expect(withoutNinthDigit(current)).toBe(old);
    }
  });
});

describe('brazilianVariants', () => {
  it('gives the normalized form first, then the old one, for mobiles', () => {
    expect(brazilianVariants('556181234567')).toEqual(['5561981234567', '556181234567']);
    expect(brazilianVariants('5561981234567')).toEqual(['5561981234567', '556181234567']);
  });

  it('gives one entry for landlines and other countries', () => {
    expect(brazilianVariants('556132345678')).toEqual(['556132345678']);
    expect(brazilianVariants('+1 555 123 4567')).toEqual(['15551234567']);
  });
});

describe('BRAZILIAN_DDDS', () => {
  it('holds the 67 area codes in use', () => {
    expect(BRAZILIAN_DDDS.size).toBe(67);
    expect(BRAZILIAN_DDDS.has('11')).toBe(true);
    expect(BRAZILIAN_DDDS.has('20')).toBe(false);
  });
});

describe('normalizePhone (one canonical form: E.164 digits, Brazilian mobiles with the 9th digit)', () => {
  it.each([
    ['+55 (11) 98888-7777', 'typed, international'],
    ['(11) 98888-7777', 'typed, national'],
    ['011 98888-7777', 'typed with the trunk 0'],
    ['11 8888-7777', 'typed, national, old 8-digit mobile'],
    ['5511988887777', 'digits with the 9th digit'],
    ['551188887777', 'digits without it (an old WhatsApp address)'],
    ['+551188887777', 'international without it'],
  ])('%s (%s) → 5511988887777', (input) => {
    expect(normalizePhone(input)).toBe('5511988887777');
  });

  it.each([
    ['+1 (415) 555-0100', '14155550100'],
    ['(31) 3234-5678', '553132345678'], // a landline gets no 9th digit
    ['12345', '12345'], // not a phone number: digits kept
    ['(55) 99999-8888', '5555999998888'], // DDD 55 written nationally is not the country code
    ['+52 1 55 1234 5678', '5215512345678'], // written with its country code: digits as written
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it('reads channel digits as international, never as a Brazilian national number', () => {
    expect(normalizeChannelPhone('14155550100')).toBe('14155550100');
    expect(normalizeChannelPhone('551188887777')).toBe('5511988887777');
    expect(normalizeChannelPhone('5511988887777')).toBe('5511988887777');
    expect(normalizeChannelPhone('5215512345678')).toBe('5215512345678');
    // A LID (opaque digits) is kept as it is.
    expect(normalizeChannelPhone('123456789012345')).toBe('123456789012345');
  });
});
