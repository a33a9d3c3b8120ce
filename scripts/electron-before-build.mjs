// electron-builder's beforeBuild hook (see electron-builder.yml): compile the Electron main
// process and preload before packaging, since the root `dist` script only builds the renderer.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const desktopScript = fileURLToPath(new URL('./desktop.mjs', import.meta.url));

export default async function beforeBuild() {
  const result = spawnSync(process.execPath, [desktopScript, '--build-only'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('compiling the Electron main process and preload failed');
}
