import { long, q, b, bodyShapes, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the auth module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

/** A password reset body that passes its schema. */
const resetOk = { email: 'ana@example.com', token: '123456', newPassword: 'Segredo123' };

/** A challenge of the right shape that no login issued. */
const noChallenge = 'x'.repeat(43);

// Two-factor sign-in (issue 28 §13). /auth/2fa/verify shares the login's per-address limit with
// the rows above, so its rows stay few.
const twoFactorCases: BadInputRows = {
  'POST /auth/2fa/verify': [
    b('POST', '/auth/2fa/verify', 'missing fields', {}),
    b('POST', '/auth/2fa/verify', 'code of 5 digits', { challenge: noChallenge, code: '12345' }),
    b('POST', '/auth/2fa/verify', 'challenge with other characters', { challenge: `${noChallenge}!`, code: '123456' }),
    b('POST', '/auth/2fa/verify', 'a challenge no login issued', { challenge: noChallenge, code: '123456' }, { status: 401, error: 'ERR_INVALID_2FA_CHALLENGE' }),
    { name: 'array instead of object', req: { method: 'POST', url: '/auth/2fa/verify', raw: '[{"code":"123456"}]' } },
  ],
  'GET /auth/2fa': [{ ...q('/auth/2fa', 'unknown query is ignored', 'x=%ZZ&y[]=1'), status: 200 }],
  'POST /auth/2fa/setup': [
    b('POST', '/auth/2fa/setup', 'challenge as a number', { challenge: 42 }),
    b('POST', '/auth/2fa/setup', 'a challenge no login issued', { challenge: noChallenge }, { status: 401, error: 'ERR_INVALID_2FA_CHALLENGE' }),
    ...bodyShapes('POST', '/auth/2fa/setup'),
  ],
  'POST /auth/2fa/enable': [
    b('POST', '/auth/2fa/enable', 'missing code', {}),
    b('POST', '/auth/2fa/enable', 'code with letters', { code: '12a456' }),
    b('POST', '/auth/2fa/enable', 'a recovery code (enabling takes the app code)', { code: 'abcde-fghij' }),
    b('POST', '/auth/2fa/enable', 'nothing was set up', { code: '123456' }, { status: 409, error: 'ERR_2FA_NOT_SET_UP' }),
    ...bodyShapes('POST', '/auth/2fa/enable'),
  ],
  'POST /auth/2fa/disable': [
    b('POST', '/auth/2fa/disable', 'neither code nor password', {}),
    b('POST', '/auth/2fa/disable', 'both code and password', { code: '123456', password: 'x' }),
    b('POST', '/auth/2fa/disable', 'password as number', { password: 12345678 }),
    b('POST', '/auth/2fa/disable', '2FA is not on', { password: 'Secret123' }, { status: 409, error: 'ERR_2FA_NOT_ENABLED' }),
    ...bodyShapes('POST', '/auth/2fa/disable'),
  ],
};

export const badInputCases: BadInputRows = {
  'POST /auth/login': [
    b('POST', '/auth/login', 'missing fields', {}),
    b('POST', '/auth/login', 'not an e-mail', { email: 'nobody', password: 'x' }),
    b('POST', '/auth/login', 'wrong types', { email: ['a@b.co'], password: 123 }),
    b('POST', '/auth/login', 'huge password', { email: 'a@b.co', password: long(10_000) }),
    ...bodyShapes('POST', '/auth/login'),
  ],
  'GET /auth/me': [{ ...q('/auth/me', 'unknown query is ignored', 'x=%ZZ&y[]=1'), status: 200 }],
  'POST /forgetpassword/:email': [
    { name: 'not an e-mail', req: { method: 'POST', url: '/forgetpassword/nobody' } },
    // Over the router's 100-character parameter limit: 414 before the schema sees it.
    { name: 'e-mail over 120 characters', req: { method: 'POST', url: `/forgetpassword/${long(120)}%40example.com` }, status: [400, 414] },
    { name: 'an unknown e-mail: the same answer as a known one', req: { method: 'POST', url: '/forgetpassword/ninguem%40example.com' }, status: 200 },
  ],
  'POST /resetpasswords': [
    ...[
      ['missing fields', {}],
      ['code of 5 digits', { ...resetOk, token: '12345' }],
      ['code with letters', { ...resetOk, token: '12a456' }],
      ['password without a digit', { ...resetOk, newPassword: 'SemNumero' }],
      ['password of 7 characters', { ...resetOk, newPassword: 'Abcde12' }],
      ['password as number', { ...resetOk, newPassword: 12345678 }],
      ['e-mail not an e-mail', { ...resetOk, email: 'ana' }],
    ].map(([name, body]) => b('POST', '/resetpasswords', name as string, body)),
    b('POST', '/resetpasswords', 'no code was asked for', resetOk, { error: 'ERR_INVALID_RESET_CODE' }),
    ...bodyShapes('POST', '/resetpasswords'),
  ],
  ...twoFactorCases,
  'POST /resetpasswords/:email/:token/:newPassword': [
    { name: 'values in the path: use the body', req: { method: 'POST', url: '/resetpasswords/ana%40example.com/123456/Segredo123' }, error: 'ERR_RESET_IN_PATH' },
    { name: 'a segment over 200 characters', req: { method: 'POST', url: `/resetpasswords/a/123456/${long(201)}` }, status: [400, 414] },
  ],
};
