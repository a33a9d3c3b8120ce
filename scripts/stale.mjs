// Whether a build output is older than what it is made from (`npm start`'s web UI and server bundle).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time under `path` (a file or a folder), 0 when it is not there. */
const newest = (full) => {
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const name of readdirSync(full)) t = Math.max(t, newest(join(full, name)));
  return t;
};

/** True when `output` is missing or any of `inputs` (paths under `root`) changed after it. */
export const isStale = (root, output, inputs) => !existsSync(output) || inputs.some((p) => newest(join(root, p)) > statSync(output).mtimeMs);
