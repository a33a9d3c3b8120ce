import { z } from 'zod';
import { looseBool, msg } from './common';
import { PlanDto } from './dtos';

/** A plan's limits: whole numbers, 0 allowed (a plan with no connections). */
const limit = z.coerce.number({ error: msg.required }).int().min(0).max(100_000);

/**
 * POST /plans and PUT /plans/:id (super user; administration.md §7 Plan). The spec's form sends
 * every field; a flag left out is on (the entity's default). `value` is reais, two decimals.
 */
export const PlanBody = z.object({
  name: z.string({ error: msg.required }).trim().min(1, msg.required).min(2, msg.tooShort).max(100, msg.tooLong),
  users: limit,
  connections: limit,
  queues: limit,
  value: z.coerce
    .number({ error: msg.required })
    .min(0)
    .max(1_000_000_000)
    .transform((v) => Math.round(v * 100) / 100),
  useCampaigns: looseBool.default(true),
  useSchedules: looseBool.default(true),
  useInternalChat: looseBool.default(true),
  useExternalApi: looseBool.default(true),
  useKanban: looseBool.default(true),
  useOpenAi: looseBool.default(true),
  useIntegrations: looseBool.default(true),
  /** Cloud API template sends per company and UTC month (issue 29 §7; decision 0414); null: no cap; left out: unchanged (no cap for a new plan). */
  templateSendsPerMonth: z.number().int().min(0).max(10_000_000).nullable().optional(),
  /** The agent's copilot (issue 32); left out: unchanged (on for a new plan), as the spec's form never sends it. */
  useCopilot: looseBool.optional(),
  /** The copilot's monthly token cap for each company of the plan (decision 0442); left out: unchanged (0, no cap, for a new plan). */
  copilotTokenCap: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  useInternal: looseBool.default(true),
  /** Offered on the signup page; left out: unchanged (on for a new plan). The spec's form never sends it (decision 0256). */
  signup: looseBool.optional(),
});
export type PlanBody = z.infer<typeof PlanBody>;

/** GET /plans/all (super user): every plan with how many companies are on it (a plan in use cannot be deleted). */
export const PlanWithUsageDto = PlanDto.extend({ companies: z.number() });
export type PlanWithUsageDto = z.infer<typeof PlanWithUsageDto>;
export const PlanListResponse = z.array(PlanDto);
export const PlanAllResponse = z.array(PlanWithUsageDto);
