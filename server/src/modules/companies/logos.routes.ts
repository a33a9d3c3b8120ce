import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The logos the spec's client shows on every page: the login screen's and the drawer's. */
export const LOGO_FILES = ['login.png', 'interno.png'] as const;

const assets = join(dirname(fileURLToPath(import.meta.url)), '../../../assets/logotipos');

/**
 * GET /public/logotipos/{login,interno}.png: our default logo (server/assets/logotipos), read
 * once; a named list, never a path from the request (decision 0039). A file like the web UI's:
 * hidden from the API's route list and OpenAPI. `cross-origin` resource policy, because a
 * client on another origin (CORS_ORIGINS) shows it in an <img>, which CORS does not cover.
 */
export const logosRoutes = () => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const files = new Map(LOGO_FILES.map((name) => [name, readFileSync(join(assets, name))]));
  app.get('/public/logotipos/:file', { schema: { hide: true, params: z.object({ file: z.enum(LOGO_FILES) }) } }, (req, reply) =>
    reply.type('image/png').header('cache-control', 'public, max-age=3600').header('cross-origin-resource-policy', 'cross-origin').send(files.get(req.params.file)),
  );
};
