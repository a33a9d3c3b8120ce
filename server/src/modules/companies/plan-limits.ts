import type { Tx } from '../../db/client';
import { AppError } from '../../infra/errors';
import { lockForLimits } from './companies.repository';

type Limited = 'users' | 'connections' | 'queues';
const codes = { users: 'ERR_PLAN_LIMIT_USERS', connections: 'ERR_PLAN_LIMIT_CONNECTIONS', queues: 'ERR_PLAN_LIMIT_QUEUES' } as const;
const nouns = { users: 'usuários', connections: 'conexões', queues: 'filas' } as const;

/** Plan limits, checked in the inserting transaction (server-behaviour §1). */
export const assertBelowLimit = async (tx: Tx, companyId: number, what: Limited, current: (tx: Tx) => Promise<number>): Promise<void> => {
  const plan = await lockForLimits(tx, companyId);
  const max = plan[what];
  if ((await current(tx)) >= max) throw new AppError(codes[what], `Número máximo de ${nouns[what]} já alcançado: ${max}`);
};
