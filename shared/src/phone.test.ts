import { describe, expect, it } from 'vitest';
import { BRAZILIAN_DDDS, brazilianVariants, normalizeBrazilianNumber, onlyDigits, withoutNinthDigit } from './phone';

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
