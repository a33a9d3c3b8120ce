import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { createCompany, type TestCompany } from '../helpers/world';
import { createAuthService } from '../../src/modules/auth/auth.service';
import { FIRST_WAIT_MS, FREE_FAILURES } from '../../src/modules/auth/login-backoff';
import { setPasswordHashCostForTests } from '../../src/modules/users';
import { TEST_HASH_COST } from '../helpers/constants';

// Login must not tell known e-mails from unknown ones by its timing, and a flood of wrong
// passwords slows that account from that address down without locking its owner out.

let app: TestApp;
let a: TestCompany;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let ipSeq = 0;
const newIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  // The product's argon2 parameters, not the suite's cheap ones (server/test/setup-hash-cost.ts):
  // these tests are about what a real hash costs.
  setPasswordHashCostForTests(undefined);
  app = await createTestApp({ clock });
  a = await createCompany(app);
});
afterAll(async () => {
  await app.close();
  // The next file in this worker (isolate: false) makes its users at the suite's cost again.
  setPasswordHashCostForTests(TEST_HASH_COST);
});

const login = (email: string, password: string, ip: string) =>
  app.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: ip });
const freshUser = async () => (await a.addUser({})).user.email;

describe('login timing', () => {
  it("stores argon2id hashes at the library's defaults (19 MiB, 2 passes), never the suite's cheap ones", async () => {
    const email = await freshUser();
    const [u] = await app.owner`select password_hash from users where email = ${email}`;
    expect(String(u!.password_hash).split('$').slice(1, 4)).toEqual(['argon2id', 'v=19', 'm=19456,t=2,p=1']);
  });

  it('verifies a real argon2 hash for an unknown e-mail too', async () => {
    const seen: string[] = [];
    const auth = createAuthService({
      data: app.data,
      clock,
      sign: () => 'token',
      verifyPassword: (h, p) => {
        seen.push(h);
        return verify(h, p);
      },
    });
    await expect(auth.login({ email: 'nobody-at-all@example.com', password: 'whatever1' }, newIp())).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS' });
    const email = await freshUser();
    await expect(auth.login({ email, password: 'wrong-one' }, newIp())).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS' });
    expect(seen).toHaveLength(2);
    const [unknownHash, knownHash] = seen as [string, string];
    // Same algorithm and parameters as the user's stored hash, with a full salt and digest.
    const params = (h: string) => h.split('$').slice(1, 4).join('$');
    expect(params(unknownHash)).toBe(params(knownHash));
    expect(unknownHash.split('$')[5]!.length).toBeGreaterThanOrEqual(43);
  });

  it('answers an unknown e-mail in about the time of a known one', async () => {
    const email = await freshUser();
    const time = async (e: string) => {
      const t = performance.now();
      const r = await login(e, 'wrong-password', newIp());
      expect(r.statusCode).toBe(401);
      return performance.now() - t;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await time(email));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[xs.length >> 1]!;
    // Both paths run one argon2 verification (~10 ms here); without it the unknown path is ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });
});

describe('wrong-password backoff (per account + address)', () => {
  it('makes that address wait, growing, while the owner elsewhere still gets in', async () => {
    const email = await freshUser();
    const attacker = newIp();
    for (let i = 0; i < FREE_FAILURES; i++) expect((await login(email, `guess${i}`, attacker)).statusCode).toBe(401);
    // The first failure over the allowance is answered, and starts the first wait.
    expect((await login(email, 'guess-over', attacker)).statusCode).toBe(401);
    const held = await login(email, 'guess-again', attacker);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ error: 'ERR_TOO_MANY_ATTEMPTS', details: { retryAfterSeconds: FIRST_WAIT_MS / 1000 } });
    // Even the right password waits on that address (a guess is not checked while held) ...
    expect((await login(email, 'Secret123', attacker)).statusCode).toBe(429);
    // ... but the owner on another address is not locked out.
    expect((await login(email, 'Secret123', newIp())).statusCode).toBe(200);

    // After the wait one more guess is allowed; it fails and the next wait is twice as long.
    offsetMs += FIRST_WAIT_MS + 500;
    expect((await login(email, 'guess-later', attacker)).statusCode).toBe(401);
    expect((await login(email, 'guess-later2', attacker)).json()).toMatchObject({ details: { retryAfterSeconds: (2 * FIRST_WAIT_MS) / 1000 } });

    // Once that wait is over, the right password from the same address works and forgets the count.
    offsetMs += 2 * FIRST_WAIT_MS + 500;
    expect((await login(email, 'Secret123', attacker)).statusCode).toBe(200);
    expect((await login(email, 'one-typo', attacker)).statusCode).toBe(401);
    expect((await login(email, 'Secret123', attacker)).statusCode).toBe(200);
  });

  it('counts unknown e-mails the same way (no hint which accounts exist)', async () => {
    const ip = newIp();
    for (let i = 0; i <= FREE_FAILURES; i++) expect((await login('nobody-here@example.com', `g${i}`, ip)).statusCode).toBe(401);
    expect((await login('nobody-here@example.com', 'g-next', ip)).json()).toMatchObject({ error: 'ERR_TOO_MANY_ATTEMPTS' });
  });
});
