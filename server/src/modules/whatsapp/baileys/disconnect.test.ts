import { describe, expect, it } from 'vitest';
import { DisconnectReason } from '@whiskeysockets/baileys';
import { DISCONNECT_REASON, decideOnDisconnect } from '../failure-policy';
import { disconnectCode } from './disconnect';

// Numeric enums carry reverse entries ('428' → 'connectionClosed'): keep the names only.
const members = Object.entries(DisconnectReason).filter(([name]) => Number.isNaN(Number(name)));

describe('DisconnectReason mirror', () => {
  it("matches Baileys' enum at run time too, member for member", () => {
    expect(Object.fromEntries(members)).toEqual(DISCONNECT_REASON);
  });

  it('every real DisconnectReason value gets a decision', () => {
    for (const [, code] of members) {
      expect(decideOnDisconnect({ statusCode: code as number, attempt: 1, recentReplacements: 0 }, () => 0).reason).toContain(String(code));
    }
  });
});

describe('disconnectCode', () => {
  it("reads a Boom's output.statusCode and nothing else", () => {
    expect(disconnectCode({ output: { statusCode: DisconnectReason.loggedOut } })).toBe(401);
    expect(disconnectCode(new Error('socket hang up'))).toBeUndefined();
    expect(disconnectCode({ output: { statusCode: '401' } })).toBeUndefined();
    expect(disconnectCode(undefined)).toBeUndefined();
    expect(disconnectCode(null)).toBeUndefined();
  });
});
