import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's own files beside its code (migrations, default logos), found from the calling
 * module's URL by walking up: the same code runs as sources (`server/src/db/migrate.ts`, under
 * tsx) and bundled (`server/dist/main.mjs`, what `npm start` runs), at different depths.
 */
export const findUp = (moduleUrl: string, relative: string): string => {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${relative} not found above ${fileURLToPath(moduleUrl)}`);
    dir = parent;
  }
};
