import fp from 'fastify-plugin';
import type { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { parse } from '../validate';

/**
 * Route schemas are zod schemas from shared/ (fastify-type-provider-zod types the handlers).
 * Input goes through our `parse`, so a mismatch is the same AppError as before the schemas
 * moved into the routes: 400 `{ error: 'ERR_VALIDATION', message, issues }`, NUL refused.
 * Responses are checked and serialized by the provider's compiler (a mismatch is a logged 500).
 */
export const zodPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(({ schema }) => (data) => {
      try {
        return { value: parse(schema as z.ZodType, data) };
      } catch (error) {
        return { error: error as Error };
      }
    });
    app.setSerializerCompiler(serializerCompiler);
  },
  { name: 'balcao-zod' },
);
