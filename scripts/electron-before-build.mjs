// electron-builder's beforeBuild hook (see electron-builder.yml): compile the Electron main
// process and preload, build the renderer the app opens from its files (desktop/dist-app) and
// write the auto-update URL (BALCAO_UPDATE_URL, optional) — the root `dist` script only builds
// the browser renderer.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const desktopScript = fileURLToPath(new URL('./desktop.mjs', import.meta.url));

export default async function beforeBuild() {
  const result = spawnSync(process.execPath, [desktopScript, '--package'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the desktop app (main, preload, renderer) failed');
}
