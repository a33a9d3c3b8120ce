// All-in-one development: the server (restarting on change) and Vite's dev server for the UI,
// which proxies the API and socket.io to the server. Production-like: `npm start`.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'desktop/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
