import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LoginBody, NO_DUE_DATE } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import { hashPassword, usersQueries } from '../users';
import { whatsappQueries } from '../whatsapp';
import { companiesQueries, companiesWrites } from '../companies';

export interface SeedResult {
  created: boolean;
  email: string;
  /** Only when generated: printed once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * First start: the default plan, the platform company, its owner (admin + super) and a
 * "Sandbox" connection already CONNECTED. Later starts change nothing.
 */
export const seedFirstStart = async (data: DataAccess, opts: { adminEmail?: string; adminPassword?: string; sandbox: boolean }): Promise<SeedResult> => {
  const email = (opts.adminEmail ?? 'admin@balcao.local').toLowerCase();
  // An owner who could never log in (the login form validates the same way) is a setup error.
  if (!LoginBody.shape.email.safeParse(email).success) throw new Error(`ADMIN_EMAIL is not a valid e-mail address: ${email}`);
  const generatedPassword = opts.adminPassword ? undefined : randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(opts.adminPassword ?? generatedPassword!);
  return data.withSystem('boot:seed', async ({ tx }) => {
    // Replicas booting together: one seeds, the others wait here and then find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    if ((await companiesQueries.list(tx)).length > 0) return { created: false, email };
    // The default plan is written by the migration (owner): the app role cannot write plans.
    const plan = await companiesQueries.firstPlan(tx);
    if (!plan) throw new Error('No plan found: run the migrations first');
    const company = await companiesWrites.create(tx, { name: 'Balcão', planId: plan.id, isPlatform: true, dueDate: NO_DUE_DATE });
    await usersQueries.insert(tx, company.id, { name: 'Administrador', email, passwordHash, profile: 'admin', super: true });
    if (opts.sandbox) {
      await whatsappQueries.insert(tx, { companyId: company.id, name: 'Sandbox', provider: 'sandbox', status: 'CONNECTED', isDefault: true });
    }
    return { created: true, email, generatedPassword };
  });
};
