import { describe, expect, it } from 'vitest';
import {
  BACKOFF,
  CLOUD_ERROR,
  decideOnCloudError,
  DISCONNECT_REASON,
  QR_LIMIT,
  decideOnPairingExpired,
  decideOnSilence,
  MAX_ATTEMPTS,
  VERSION_REJECTED,
  backoffMs,
  decideOnDisconnect,
  reconnects,
  type FailureAction,
  type FailureDecision,
} from './failure-policy';

const fixed = (j: number) => () => j;
const decide = (statusCode: number | undefined, attempt = 1, recentReplacements = 0, jitter = fixed(0.5)) =>
  decideOnDisconnect({ statusCode, attempt, recentReplacements }, jitter);

type Expected = Pick<FailureDecision, 'action' | 'status' | 'wipeKeys' | 'alert'> & { reconnect: boolean };
const retrying: Expected = { action: 'reconnect', status: 'TIMEOUT', reconnect: true, wipeKeys: false, alert: false };

// One row per DisconnectReason member (by name: 408 has two) plus 405; first failure, no recent 440s.
const table: Record<keyof typeof DISCONNECT_REASON | 'versionRejected', Expected> = {
  restartRequired: { action: 'restart', status: 'OPENING', reconnect: true, wipeKeys: false, alert: false },
  loggedOut: { action: 'logout', status: 'DISCONNECTED', reconnect: false, wipeKeys: true, alert: 'logged-out' },
  forbidden: { action: 'stop', status: 'DISCONNECTED', reconnect: false, wipeKeys: false, alert: 'forbidden' },
  connectionReplaced: retrying,
  connectionClosed: retrying,
  connectionLost: retrying,
  timedOut: retrying,
  badSession: retrying,
  unavailableService: retrying,
  multideviceMismatch: retrying,
  versionRejected: { action: 'refresh-version', status: 'TIMEOUT', reconnect: true, wipeKeys: false, alert: false },
};
const codes: [string, number][] = [...Object.entries(DISCONNECT_REASON), ['versionRejected', VERSION_REJECTED]];

describe('failure policy', () => {
  it('has an expectation for every DisconnectReason member and 405', () => {
    expect(Object.keys(table).sort()).toEqual(codes.map(([name]) => name).sort());
  });

  it.each(codes)('%s (%i) → the expected action, status, reconnect, wipe and alert', (name, code) => {
    const d = decide(code);
    const want = table[name as keyof typeof table];
    expect({ action: d.action, status: d.status, reconnect: reconnects(d.action), wipeKeys: d.wipeKeys, alert: d.alert }).toEqual(want);
    expect(d.reason).toContain(String(code));
    expect(d.delayMs).toBeGreaterThanOrEqual(0);
    expect(d.delayMs).toBeLessThanOrEqual(BACKOFF.capMs);
  });

  it('515 restarts at once and is never an error, however many failures came before', () => {
    for (const attempt of [1, MAX_ATTEMPTS, MAX_ATTEMPTS + 1, 100]) {
      expect(decide(DISCONNECT_REASON.restartRequired, attempt)).toMatchObject({ action: 'restart', status: 'OPENING', delayMs: 0, alert: false });
    }
  });

  it('401 always wipes the keys and never reconnects', () => {
    for (const attempt of [1, 3, 50]) {
      expect(decide(401, attempt)).toMatchObject({ action: 'logout', status: 'DISCONNECTED', wipeKeys: true, alert: 'logged-out', delayMs: 0 });
    }
  });

  it('only 401 wipes keys', () => {
    for (const [, code] of codes) expect(decide(code).wipeKeys).toBe(code === 401);
  });

  it('440 backs off longer than a closed connection, and alerts once it repeats', () => {
    for (const attempt of [1, 2, 3]) {
      expect(decide(440, attempt).delayMs).toBeGreaterThan(decide(428, attempt).delayMs);
    }
    expect(decide(440, 1, 1).alert).toBe(false);
    expect(decide(440, 2, 2).alert).toBe('replaced');
    expect(decide(440, 2, 5)).toMatchObject({ action: 'reconnect', alert: 'replaced' });
  });

  it('405 refreshes the version and still backs off', () => {
    const d = decide(405, 2);
    expect(d.action).toBe('refresh-version');
    expect(d.delayMs).toBeGreaterThan(0);
  });

  it.each([428, 408, 503, 500, 411, 440, 405])('%i gives up after the attempt limit: DISCONNECTED with the reason', (code) => {
    expect(reconnects(decide(code, MAX_ATTEMPTS).action)).toBe(true);
    const d = decide(code, MAX_ATTEMPTS + 1);
    expect(d).toMatchObject({ action: 'stop', status: 'DISCONNECTED', alert: 'gave-up', wipeKeys: false });
    expect(d.reason).toContain(String(code));
    expect(d.reason).toContain(`after ${MAX_ATTEMPTS} attempts`);
  });

  it('treats an unknown or missing code as transient, with the same bound', () => {
    for (const code of [undefined, 0, 418, 999]) {
      expect(decide(code, 1)).toMatchObject({ action: 'reconnect', status: 'TIMEOUT', wipeKeys: false });
      expect(decide(code, MAX_ATTEMPTS + 1)).toMatchObject({ action: 'stop', status: 'DISCONNECTED' });
    }
  });
});

describe('pairing and watchdog decisions', () => {
  it('an expired pairing stops for good, forgets the half-made registration and alerts the admins', () => {
    expect(QR_LIMIT).toBe(5);
    for (const byPhone of [false, true]) {
      const d = decideOnPairingExpired(QR_LIMIT, byPhone);
      expect(d).toMatchObject({ action: 'stop', status: 'DISCONNECTED', wipeKeys: true, alert: 'pairing-expired', delayMs: 0 });
      expect(reconnects(d.action)).toBe(false);
    }
    expect(decideOnPairingExpired(5, false).reason).toBe('QR code not scanned: 5 codes expired');
    expect(decideOnPairingExpired(5, true).reason).toContain('pairing code');
  });

  it('a silent socket that does not answer the probe is replaced at once, quietly', () => {
    expect(decideOnSilence()).toEqual({ action: 'restart', status: 'OPENING', delayMs: 0, wipeKeys: false, alert: false, reason: 'watchdog: no answer' });
  });
});

describe('backoff', () => {
  it('doubles from 1 s, with the jitter between half and the whole step', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, fixed(0)))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((a) => backoffMs(a, fixed(1)))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never exceeds the cap, even for absurd attempts or a misbehaving jitter', () => {
    for (const attempt of [7, 10, 100, 1_000, 1e6, Number.MAX_SAFE_INTEGER]) {
      for (const j of [0, 0.5, 0.999, 1, 7, -3]) {
        const ms = backoffMs(attempt, fixed(j));
        expect(ms).toBeLessThanOrEqual(BACKOFF.capMs);
        expect(ms).toBeGreaterThanOrEqual(BACKOFF.capMs / 2);
      }
    }
    expect(backoffMs(0, fixed(1))).toBe(1_000);
  });

  it('a storm of 100 consecutive 428s is bounded: capped delays, 6 reconnects, then DISCONNECTED', () => {
    const actions: FailureAction[] = [];
    let last: FailureDecision | undefined;
    let total = 0;
    for (let attempt = 1; attempt <= 100; attempt++) {
      last = decideOnDisconnect({ statusCode: 428, attempt, recentReplacements: 0 }, Math.random);
      actions.push(last.action);
      expect(last.delayMs).toBeLessThanOrEqual(BACKOFF.capMs);
      if (last.action === 'reconnect') total += last.delayMs;
    }
    expect(actions.filter(reconnects)).toHaveLength(MAX_ATTEMPTS);
    expect(actions.slice(0, MAX_ATTEMPTS).every((a) => a === 'reconnect')).toBe(true);
    expect(actions.slice(MAX_ATTEMPTS).every((a) => a === 'stop')).toBe(true);
    expect(last).toMatchObject({ action: 'stop', status: 'DISCONNECTED' });
    expect(total).toBeLessThanOrEqual(MAX_ATTEMPTS * BACKOFF.capMs);
  });
});

describe('decideOnCloudError (the Cloud API table)', () => {
  it.each([
    [401, 190, 'ERR_WAPP_NOT_INITIALIZED', false, 'logged-out'],
    [401, 0, 'ERR_WAPP_NOT_INITIALIZED', false, 'logged-out'],
    [401, undefined, 'ERR_WAPP_NOT_INITIALIZED', false, 'logged-out'],
    [400, 131047, undefined, false, false],
    [429, 130429, undefined, true, false],
    [400, 130429, undefined, true, false],
    [400, 131056, undefined, true, false],
    [400, 131048, undefined, false, 'forbidden'],
    [400, 131026, 'ERR_WAPP_INVALID_CONTACT', false, false],
    [400, 131062, undefined, false, false],
    [500, 2, undefined, true, false],
    [503, undefined, undefined, true, false],
    [429, 4, undefined, true, false],
    [400, 100, undefined, false, false],
  ] as const)('HTTP %s, code %s → %s, temporary %s, disconnect %s', (status, code, errorCode, temporary, disconnect) => {
    expect(decideOnCloudError(status, code)).toMatchObject({ errorCode, temporary, disconnect });
  });

  it('every known code is decided, with its code in the reason', () => {
    for (const code of Object.values(CLOUD_ERROR)) expect(decideOnCloudError(400, code).reason).toContain(`(${code})`);
  });
});
