// The companies module's one door (decision 0015): companies, plans, settings and plan limits.
import type { DataAccess } from '../../db/tenant';
import { defineModule } from '../../infra/module';
import { get, getRef, getSetting } from './companies.repository';
import { companiesRoutes } from './companies.routes';
import { createCompaniesService } from './companies.service';

export { createCompaniesService, type CompaniesService } from './companies.service';
export { assertBelowLimit } from './plan-limits';
export { seedFirstStart, type SeedResult } from './seed';
export type { CompanyRow } from './companies.repository';

/** Reads of companies and their settings other modules run inside their own transaction. */
export const companiesQueries = { get, getRef, getSetting };

export const companiesModule = defineModule({
  name: 'companies',
  setup: (k: { data: DataAccess }) => ({ routes: companiesRoutes(createCompaniesService(k.data)) }),
});
