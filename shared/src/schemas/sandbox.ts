import { z } from 'zod';
import { dbIdParam } from './common';

export const SandboxParams = z.object({ whatsappId: dbIdParam });

/** A simulated customer's message. A repeated `id` is a redelivery (the pipeline ignores it). */
export const SandboxInboundBody = z.object({
  from: z.string().trim().regex(/^\d{8,20}$/, 'digits only, 8-20'),
  name: z.string().trim().max(100).optional(),
  body: z.string().max(65_536).optional(),
  id: z.string().trim().min(1).max(128).optional(),
});
export type SandboxInboundBody = z.infer<typeof SandboxInboundBody>;

export const SandboxOutboxQuery = z.object({ to: z.string().trim().regex(/^\d{8,20}$/, 'digits only, 8-20') });

export interface SandboxOutboxItem {
  id: string;
  to: string;
  body: string;
  ack: number;
  createdAt: string;
}
