import { DEFAULT_TIMEZONE, PLATFORM_SETTINGS, type SignupBody, type SignupResponse } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { DataAccess } from '../../db/tenant';
import { addDays, dayIn, type Clock } from '../../infra/clock';
import { AppError } from '../../infra/errors';
import { hashPassword } from '../users';
import { companiesQueries, companiesWrites } from '../companies';
import { insertCompanyWithAdmin } from './company-setup';

/** The company setting that turns campaigns on without the plan flag (administration.md §3). */
const CAMPAIGNS_SETTING = 'campaignsEnabled';

/** A platform setting as stored, or its default. */
const platformSetting = async (tx: Tx, key: keyof typeof PLATFORM_SETTINGS): Promise<string> => {
  const platform = await companiesQueries.platform(tx);
  return (platform && (await companiesQueries.getSetting(tx, platform.id, key))) || PLATFORM_SETTINGS[key];
};

/** The platform's trial, 1–7 days (the Opções tab offers exactly these); anything else is the default 3. */
export const trialDays = (value: string): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 7 ? n : Number(PLATFORM_SETTINGS.trial);
};

/**
 * Signup (POST /companies/cadastro, public; server-behaviour §2; decisions 0250–0252). Only while
 * the platform's `allowregister` is enabled, only on a plan offered for signup. The server decides
 * everything the person signing up must not: due date = today (in the company's zone) + the
 * platform's trial days, recurrence MENSAL, status on (in trial: `trialExpiration` = due date),
 * campaigns enabled. Company, default settings and admin are made in one transaction.
 */
export const createSignupService = (deps: { data: DataAccess; clock: Clock }) => {
  const registrationOpen = (tx: Tx) => platformSetting(tx, 'allowregister').then((v) => v === 'enabled');

  return {
    async signup(body: SignupBody): Promise<SignupResponse> {
      // Refused before the password's hash is paid for; checked again in the creating transaction.
      if (!(await deps.data.withSystem('companies:signup', ({ tx }) => registrationOpen(tx)))) throw new AppError('ERR_SIGNUP_DISABLED');
      const passwordHash = await hashPassword(body.password);
      return deps.data.withSystem('companies:signup', async ({ tx }) => {
        if (!(await registrationOpen(tx))) throw new AppError('ERR_SIGNUP_DISABLED');
        const plan = await companiesQueries.getPlan(tx, body.planId);
        if (!plan?.signup) throw new AppError('ERR_PLAN_NOT_OFFERED');
        const dueDate = addDays(dayIn(deps.clock.now(), DEFAULT_TIMEZONE), trialDays(await platformSetting(tx, 'trial')));
        const { company } = await insertCompanyWithAdmin(
          tx,
          { name: body.name, email: body.email.toLowerCase(), phone: body.phone, planId: plan.id, status: true, dueDate, trialExpiration: dueDate, recurrence: 'MENSAL', timezone: DEFAULT_TIMEZONE },
          { name: body.name, email: body.email, passwordHash },
        );
        await companiesWrites.putSetting(tx, company.id, CAMPAIGNS_SETTING, 'true');
        return { id: company.id, name: company.name, planId: company.planId, dueDate: company.dueDate, trialExpiration: company.trialExpiration ?? dueDate, recurrence: company.recurrence };
      });
    },
  };
};

export type SignupService = ReturnType<typeof createSignupService>;
