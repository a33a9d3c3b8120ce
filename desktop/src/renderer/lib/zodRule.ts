import type { z } from 'zod';

/** An antd Form rule that validates with a shared zod schema, so the spec's texts show as is. */
export const zodRule = (schema: z.ZodType) => ({
  validator: async (_rule: unknown, value: unknown): Promise<void> => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Required');
  },
});
