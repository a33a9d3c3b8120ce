// `npm run dist` cannot run here (electron-builder downloads Electron), so this checks what it
// would read: electron-builder.yml against electron-builder's own schema, the targets, the files
// that carry the renderer and main into the package, the protocol, the icons and the scripts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEEP_LINK_SCHEME } from '../common/deep-links.js';
import { RENDERER_DIR } from './app-page.js';

const root = join(import.meta.dirname, '..', '..', '..');
const require = createRequire(join(root, 'package.json'));
const yaml = require('js-yaml') as { load(text: string): unknown };
const builderConfig = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, debugLogger: { isEnabled: boolean; add(): void }): Promise<void>;
};

interface BuilderConfig {
  appId: string;
  productName: string;
  directories: { app: string; output: string; buildResources: string };
  beforeBuild: string;
  files: string[];
  protocols: Array<{ name: string; schemes: string[] }>;
  linux: { target: string[]; icon: string; mimeTypes: string[] };
  win: { target: string; icon: string };
  mac: { target: string; icon: string; entitlements: string; extendInfo: Record<string, string> };
  version?: string;
}

const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;

/** Width and height from a PNG's IHDR chunk, or undefined when the file is no PNG. */
function pngSize(file: string): { width: number; height: number } | undefined {
  const bytes = readFileSync(file);
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a' || bytes.subarray(12, 16).toString('ascii') !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own configuration schema", async () => {
    await expect(builderConfig.validateConfiguration(config, { isEnabled: false, add: () => undefined })).resolves.toBeUndefined();
    // And it can fail: a misplaced option is refused.
    await expect(builderConfig.validateConfiguration({ ...config, dmgTitle: 'x' }, { isEnabled: false, add: () => undefined })).rejects.toThrow(
      /unknown property 'dmgTitle'/,
    );
  }, 30_000);

  it('builds Linux AppImage + deb, Windows NSIS and macOS dmg', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toBe('nsis');
    expect(config.mac.target).toBe('dmg');
  });

  it("packages main, the preload and the renderer the window opens from its files, and no tests", () => {
    expect(config.directories.app).toBe('desktop');
    expect(config.files).toEqual(expect.arrayContaining(['package.json', 'dist-electron/**', `${RENDERER_DIR}/**`, '!dist-electron/**/*.test.js', '!dist-electron/main/test/**']));
    const appPackage = JSON.parse(readFileSync(join(root, config.directories.app, 'package.json'), 'utf8')) as { main: string; version: string };
    expect(appPackage.main).toBe('dist-electron/main/index.js');
    // The version comes from the app's package.json, never pinned here.
    expect(config.version).toBeUndefined();
    expect(appPackage.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('builds the renderer for files before packaging (relative paths, into the folder main loads)', () => {
    expect(config.beforeBuild).toBe('./scripts/electron-before-build.mjs');
    expect(readFileSync(join(root, 'scripts', 'electron-before-build.mjs'), 'utf8')).toContain("'--package'");
    const script = readFileSync(join(root, 'scripts', 'desktop.mjs'), 'utf8');
    expect(script).toContain("'--base', './'");
    expect(script).toContain(`join(desktopDir, '${RENDERER_DIR}')`);
  });

  it("writes a baseline CSP into the app's index.html (the header from main adds the server)", async () => {
    const renderer = (await import(pathToFileURL(join(root, 'scripts', 'electron-renderer.mjs')).href)) as {
      withBaselineCsp(html: string): string;
    };
    const html = renderer.withBaselineCsp(readFileSync(join(root, 'desktop', 'src', 'renderer', 'index.html'), 'utf8'));
    const [, policy] = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html) ?? [];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe|connect-src|default-src/);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
    expect(renderer.withBaselineCsp(html)).toBe(html);
  });

  it('registers the balcao:// protocol on every platform', () => {
    expect(config.protocols).toEqual([{ name: 'Balcão', schemes: [DEEP_LINK_SCHEME] }]);
    expect(config.linux.mimeTypes).toContain(`x-scheme-handler/${DEEP_LINK_SCHEME}`);
  });

  it('lets macOS ask for the microphone under the hardened runtime', () => {
    expect(config.mac.extendInfo.NSMicrophoneUsageDescription).toMatch(/microfone/);
    expect(readFileSync(join(root, config.mac.entitlements), 'utf8')).toContain('com.apple.security.device.audio-input');
  });
});

describe('the icon set (build/icons)', () => {
  const dir = join(root, 'build', 'icons');
  const files = readdirSync(dir);

  it('is square PNGs named by their size, small enough for the repository', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const [, side] = /^(\d+)x\1\.png$/.exec(file) ?? [];
      expect(side, file).toBeDefined();
      expect(pngSize(join(dir, file)), file).toEqual({ width: Number(side), height: Number(side) });
      expect(statSync(join(dir, file)).size, file).toBeLessThanOrEqual(100 * 1024);
    }
  });

  it('has what each platform needs: Linux a folder with 16–512, Windows 256, macOS 512', () => {
    expect(config.linux.icon).toBe('build/icons');
    for (const side of [16, 32, 48, 64, 128, 256, 512]) expect(files).toContain(`${side}x${side}.png`);
    expect(pngSize(join(root, config.win.icon))).toEqual({ width: 256, height: 256 });
    expect(pngSize(join(root, config.mac.icon))).toEqual({ width: 512, height: 512 });
  });

  it('keeps every build resource under 2 MiB', () => {
    const walk = (path: string): string[] =>
      statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => walk(join(path, name))) : [path];
    for (const file of walk(join(root, 'build'))) expect(statSync(file).size, file).toBeLessThan(2 * 1024 * 1024);
    expect(existsSync(join(root, 'build', 'entitlements.mac.plist'))).toBe(true);
  });
});
