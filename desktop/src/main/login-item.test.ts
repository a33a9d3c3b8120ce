import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { applyOpenAtLogin, startedAtLogin } = await import('./login-item.js');

describe('start with the computer', () => {
  beforeEach(() => fake.reset());

  it('Windows: a login item that starts the app hidden in the tray', () => {
    applyOpenAtLogin(true, { platform: 'win32', executable: 'C:\\Balcao\\Balcao.exe', configDir: '' });
    expect(fake.record.loginItem).toEqual({ openAtLogin: true, args: ['--hidden'] });
    applyOpenAtLogin(false, { platform: 'win32', executable: 'C:\\Balcao\\Balcao.exe', configDir: '' });
    expect(fake.record.loginItem).toMatchObject({ openAtLogin: false });
  });

  it('macOS: a login item; a login start is reported by the OS', () => {
    applyOpenAtLogin(true, { platform: 'darwin', executable: '/Applications/Balcão.app', configDir: '' });
    expect(fake.record.loginItem).toEqual({ openAtLogin: true, args: [] });
    expect(startedAtLogin(['/Applications/Balcão.app'], 'darwin')).toBe(false);
    fake.record.wasOpenedAtLogin = true;
    expect(startedAtLogin(['/Applications/Balcão.app'], 'darwin')).toBe(true);
  });

  it('Linux: an XDG autostart entry for the AppImage, removed when turned off', () => {
    const configDir = mkdtempSync(join(tmpdir(), 'balcao-autostart-'));
    const file = join(configDir, 'autostart', 'balcao.desktop');
    applyOpenAtLogin(true, { platform: 'linux', executable: '/home/ana/Apps/Balcão "x".AppImage', configDir });
    const entry = readFileSync(file, 'utf8');
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec="/home/ana/Apps/Balcão \\"x\\".AppImage" --hidden');
    expect(fake.record.loginItem).toBeUndefined();
    applyOpenAtLogin(false, { platform: 'linux', executable: '/x', configDir });
    expect(existsSync(file)).toBe(false);
    applyOpenAtLogin(false, { platform: 'linux', executable: '/x', configDir });
  });

  it('a start with --hidden stays in the tray (Windows, Linux)', () => {
    expect(startedAtLogin(['balcao', '--hidden'], 'linux')).toBe(true);
    expect(startedAtLogin(['balcao'], 'win32')).toBe(false);
  });
});
