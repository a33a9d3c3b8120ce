import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface SwaggerPluginOptions {
  version: string;
}

/**
 * OpenAPI 3.1 built from the routes' zod schemas, served at /docs (UI) and /docs/json. Register
 * before the routes: the document is collected as they are added.
 */
export const swaggerPlugin = fp<SwaggerPluginOptions>(
  async (app, opts) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Balcão API', version: opts.version },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A user's session (the access token from /auth/login)." },
            // The external API (/api/*, issue 15 §3): a route says `security: [{ connectionToken: [] }]`.
            connectionToken: { type: 'http', scheme: 'bearer', bearerFormat: 'blc_…', description: "A connection's token (Conexões → Gerar novo token). Accepted only by /api/* routes." },
          },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    // The app's CSP (helmet) fits its page too: its scripts are files, its inline styles allowed.
    await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  },
  { name: 'balcao-swagger' },
);
