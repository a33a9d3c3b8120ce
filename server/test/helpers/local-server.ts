import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP server on a free local port standing in for an outside service (no internet here):
 * `base` is its http://127.0.0.1:<port>; `close` also drops kept-alive connections, which fetch
 * leaves open and `server.close()` alone would wait out.
 */
export const startLocalServer = async (handler: RequestListener): Promise<{ base: string; close: () => Promise<void> }> => {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
};
