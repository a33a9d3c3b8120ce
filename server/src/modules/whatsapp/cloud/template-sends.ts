import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../infra/errors';
import { companiesQueries } from '../../companies';

/**
 * The plan's monthly cap on Cloud API template sends (issue 29 §7; decision 0414): one more of
 * this UTC month's sends, taken in the caller's transaction (a send refused or rolled back counts
 * nothing). The check and the count are one statement on the month's row, so two agents at the
 * cap's last send cannot both pass. Beyond the cap: ERR_TEMPLATE_SEND_CAP.
 */
export const countTemplateSend = async (tx: Tx, companyId: number, now: Date): Promise<number> => {
  const company = await companiesQueries.get(tx, companyId);
  const cap = (company ? await companiesQueries.getPlan(tx, company.planId) : undefined)?.templateSendsPerMonth ?? null;
  const month = now.toISOString().slice(0, 7);
  const [row] = await tx.execute<{ count: number }>(sql`
    insert into whatsapp_template_sends as s (company_id, month, count)
    select ${companyId}, ${month}, 1 where ${cap}::int is null or ${cap}::int > 0
    on conflict (company_id, month) do update set count = s.count + 1
      where ${cap}::int is null or s.count < ${cap}::int
    returning s.count`);
  if (!row) throw new AppError('ERR_TEMPLATE_SEND_CAP', `this month's ${cap} template sends of the plan are spent`, { cap });
  return row.count;
};
