import fp from 'fastify-plugin';
import fastifyMultipart from '@fastify/multipart';

export interface MultipartPluginOptions {
  /** Largest file part in bytes (UPLOAD_MAX_BYTES). */
  fileSize: number;
}

/** multipart/form-data for every route, registered once; limits come from the configuration. */
export const multipartPlugin = fp<MultipartPluginOptions>(
  async (app, opts) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: opts.fileSize, files: 10, fields: 50, fieldSize: 64 * 1024, parts: 60 },
    });
  },
  { name: 'balcao-multipart' },
);
