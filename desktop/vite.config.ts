import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import { defineConfig, type ProxyOptions } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = process.env.BALCAO_API_URL ?? 'http://localhost:8080';

// The API shares path prefixes with SPA routes (/tickets, /contacts...): a browser navigation
// (Accept: text/html) must get the SPA, everything else goes to the server, as in production.
const bypassNavigation = (req: IncomingMessage): string | undefined =>
  req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined;

const apiPrefixes = [
  '/auth', '/tickets', '/messages', '/message', '/contacts', '/queue', '/users', '/whatsapp',
  '/companies', '/settings', '/sandbox', '/version', '/plans', '/tags', '/quick-messages',
  '/schedules', '/dashboard', '/chats', '/announcements', '/ticket-notes', '/public', '/media',
];

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  apiPrefixes.map((p) => [p, { target: apiTarget, changeOrigin: true, bypass: bypassNavigation }]),
);
proxy['/socket.io'] = { target: apiTarget, ws: true, changeOrigin: true };

export default defineConfig({
  root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
  // Relative base: the same build opens from files in the app; the server gives the web page
  // <base href="/"> so nested routes like /tickets/<uuid> still load ./assets from the root (decision 0324).
  base: process.env.BALCAO_WEB_BASE ?? './',
  // Explicit, so the transform never depends on whatever tsconfig.json sits above desktop/.
  tsconfig: fileURLToPath(new URL('./tsconfig.renderer.json', import.meta.url)),
  envDir: fileURLToPath(new URL('.', import.meta.url)),
  oxc: { jsx: { runtime: 'automatic' } },
  // Read by renderer/platform for the side menu footer in the browser build.
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd marks its modules "use client" for React Server Components; meaningless in an SPA.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { port: 5173, proxy },
});
