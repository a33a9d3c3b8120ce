import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';

/**
 * Security headers with a CSP that fits the web UI (the React build): our own scripts only;
 * antd writes inline styles; pictures and media arrive as blob: URLs (fetched with the token)
 * or data: (QR codes); socket.io connects back over ws:/wss:.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // i.ytimg.com: the /helps cards' video thumbnails (decision 0273).
  imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  // The /helps player: YouTube's privacy-enhanced embed only (decision 0273).
  frameSrc: ['https://www.youtube-nocookie.com'],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
} as const;

export const helmetPlugin = fp(
  async (app) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([k, v]) => [k, [...v]])),
      },
      // The API is plain HTTP on a LAN as often as behind TLS: HSTS is the proxy's decision.
      strictTransportSecurity: false,
    });
  },
  { name: 'balcao-helmet' },
);
