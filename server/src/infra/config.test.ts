import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_WA, loadConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'balcao-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('WhatsApp session options', () => {
  it('defaults: 5 QR codes, a probe after 3 min of silence with 20 s to answer, the version from web.whatsapp.com', () => {
    expect(loadConfig({ DATA_DIR: dir }).wa).toEqual(DEFAULT_WA);
    expect(DEFAULT_WA).toEqual({ qrLimit: 5, watchdogSilentMs: 180_000, watchdogProbeTimeoutMs: 20_000, versionUrl: 'https://web.whatsapp.com/sw.js' });
  });

  it('reads WA_QR_LIMIT, WA_WATCHDOG_SILENT_MS (0 = off), WA_WATCHDOG_PROBE_MS and WA_VERSION_URL', () => {
    const env = { DATA_DIR: dir, WA_QR_LIMIT: '3', WA_WATCHDOG_SILENT_MS: '0', WA_WATCHDOG_PROBE_MS: '5000', WA_VERSION_URL: 'http://mirror.local/sw.js' };
    expect(loadConfig(env).wa).toEqual({ qrLimit: 3, watchdogSilentMs: 0, watchdogProbeTimeoutMs: 5000, versionUrl: 'http://mirror.local/sw.js' });
  });

  it.each([
    ['WA_QR_LIMIT', '0'],
    ['WA_QR_LIMIT', 'cinco'],
    ['WA_WATCHDOG_SILENT_MS', '-1'],
    ['WA_WATCHDOG_PROBE_MS', '1.5'],
  ])('refuses to boot with %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(name);
  });
});
