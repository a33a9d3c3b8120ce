import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, LogosResponse, LogoUploadQuery, LogoUploadResponse, type LogoDestination } from '@balcao/shared';
import { AppError } from '../../infra/errors';
import { findUp } from '../../lib/find-up';
import { readUpload } from '../../infra/uploads';
import { LOGO_TYPES, type LogosService } from './logos.service';

/** The logos the spec's client shows on every page: the login screen's and the drawer's. */
export const LOGO_FILES = ['login.png', 'interno.png'] as const;

const assets = findUp(import.meta.url, 'assets/logotipos');

/**
 * A served logo may be an SVG: it runs nothing and loads nothing, even opened on its own
 * (decision 0270). Pictures in <img> ignore CSP; a direct visit obeys it.
 */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** `login.png`, `interno.svg`, `favicon.ico`…: a destination and any of the three extensions. */
const LogoFileParam = z.object({ file: z.string().regex(/^(login|interno|favicon)\.(png|ico|svg)$/) });

/**
 * GET /public/logotipos/<destination>.<ext>: the super user's logo for that destination whatever
 * extension is asked (the spec's client always asks `login.png` and `interno.png`), else our
 * default (server/assets/logotipos; none for the favicon). Never a path from the request
 * (decision 0039). Hidden from the API's route list, like the web UI's files. `cross-origin`
 * resource policy, because a client on another origin (CORS_ORIGINS) shows it in an <img>.
 * `no-cache` + ETag: a new upload is seen at the next load; the UI also adds `?v=<version>`.
 *
 * GET /logos: the addresses with their versions (public: the login page shows the logo).
 */
export const logosRoutes = (logos: LogosService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const defaults = new Map(LOGO_FILES.map((name) => [name.replace('.png', ''), readFileSync(join(assets, name))]));
  app.get('/public/logotipos/:file', { schema: { hide: true, params: LogoFileParam } }, async (req, reply) => {
    const dest = req.params.file.split('.')[0] as LogoDestination;
    const own = await logos.read(dest);
    const fallback = defaults.get(dest);
    if (!own && !fallback) throw new AppError('ERR_NOT_FOUND', 'no such logo');
    const etag = `"${own ? own.version : 'default'}"`;
    void reply
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', LOGO_CSP)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(own ? LOGO_TYPES[own.kind] : 'image/png').send(own ? own.bytes : fallback);
  });
  app.get('/logos', { schema: { response: { 200: LogosResponse } } }, () => logos.urls());
};

/** POST /settings/media-upload?ref=login|interno|favicon (the spec's client; super user only). */
export const logoUploadRoutes = (logos: LogosService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/settings/media-upload', { schema: { querystring: LogoUploadQuery, consumes: ['multipart/form-data'], response: { 200: LogoUploadResponse } } }, async (req) => {
    // Refused before the body is read: nobody else's upload is buffered.
    if (!can(req.ctx, 'logos:manage')) throw new AppError('ERR_NO_PERMISSION');
    return logos.upload(req.ctx, req.query.ref, await readUpload(req));
  });
};
