import { z } from 'zod';
import { SlaAlertDto } from '@balcao/shared';

/** `company-<id>-sla` `{ action, alert }` (issue 30 §3), read defensively: anything else is ignored. */
const SlaWire = z.object({ action: z.enum(['warning', 'breach']), alert: SlaAlertDto });
export type SlaWire = z.infer<typeof SlaWire>;

export const slaAlertOf = (payload: unknown): SlaWire | null => {
  const r = SlaWire.safeParse(payload);
  return r.success ? r.data : null;
};
