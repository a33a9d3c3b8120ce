import type { Tx } from '../../db/client';
import { pgCode, pgConstraint, UNIQUE_VIOLATION } from '../../db/errors';
import { AppError } from '../../infra/errors';
import { billingWrites } from '../billing';
import { companiesQueries, companiesWrites, type CompanyRow } from '../companies';
import { usersQueries, type UserRow } from '../users';

/** The unique indexes a new company and its admin can hit when two creations race. */
const duplicate = (err: unknown): never => {
  if (pgCode(err) === UNIQUE_VIOLATION) {
    throw new AppError(pgConstraint(err) === 'users_email_key' ? 'ERR_DUPLICATED_EMAIL' : 'ERR_DUPLICATED_COMPANY');
  }
  throw err;
};

/**
 * A company, its default settings, its first admin and — when its due date is near — its first
 * invoice, in the caller's transaction: the one way
 * a company is made, by the super user (POST /companies) and by signup (POST /companies/cadastro).
 * A taken company name is ERR_DUPLICATED_COMPANY, a taken e-mail ERR_DUPLICATED_EMAIL (checked
 * first, and again by the unique indexes when two creations race).
 */
export const insertCompanyWithAdmin = async (
  tx: Tx,
  company: Parameters<typeof companiesWrites.create>[1],
  admin: { name: string; email: string; passwordHash: string },
): Promise<{ company: CompanyRow; admin: UserRow }> => {
  if ((await companiesQueries.list(tx)).some((c) => c.name.toLowerCase() === company.name.toLowerCase())) throw new AppError('ERR_DUPLICATED_COMPANY');
  if (await usersQueries.findByEmail(tx, admin.email)) throw new AppError('ERR_DUPLICATED_EMAIL');
  const row = await companiesWrites.create(tx, company).catch(duplicate);
  const user = await usersQueries.insert(tx, row.id, { ...admin, profile: 'admin' }).catch(duplicate);
  // A trial (or a due date already near) has its invoice now, payable the day it is due (issue 28 §1).
  await billingWrites.ensureCurrentInvoice(tx, row.id);
  return { company: row, admin: user };
};
