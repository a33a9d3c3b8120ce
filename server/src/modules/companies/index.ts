// The companies module's one door (decision 0015): companies, plans, settings and plan limits.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { get, getRef, getSetting, platform } from './companies.repository';
import { registerCompanyListeners } from './companies.listeners';
import { companiesPublicRoutes, companiesRoutes } from './companies.routes';
import { createCompaniesService } from './companies.service';
import { createSettingsService } from './settings.service';
import { logoUploadRoutes, logosRoutes } from './logos.routes';
import { createLogosService } from './logos.service';
import { plansPublicRoutes, plansRoutes } from './plans.routes';
import { createPlansService } from './plans.service';
import { settingsRoutes } from './settings.routes';
import { signupRoutes } from './signup.routes';
import { createSignupService } from './signup.service';
import type { Clock } from '../../infra/clock';
import type { Config } from '../../infra/config';
import type { SessionManager } from '../whatsapp';

export { createCompaniesService, type CompaniesService } from './companies.service';
export { assertBelowLimit } from './plan-limits';
export { planGates, planHasFeature, requirePlanFeature } from './plan-gates';
export { seedFirstStart, type SeedResult } from './seed';
export type { CompanyRow } from './companies.repository';

/** Reads of companies and their settings other modules run inside their own transaction. */
export const companiesQueries = { get, getRef, getSetting, platform };

export const companiesModule = defineModule({
  name: 'companies',
  dependsOn: ['audit'],
  setup: (k: { data: DataAccess; bus: EventBus; clock: Clock; sessions: SessionManager; config: Config }) => {
    const settings = createSettingsService(k.data);
    const plans = createPlansService(k.data);
    const logos = createLogosService({ data: k.data, dataDir: k.config.dataDir });
    const publicRoutes = async (app: FastifyInstance) => {
      await app.register(companiesPublicRoutes(settings));
      await app.register(signupRoutes(createSignupService({ data: k.data, clock: k.clock }), plans));
      await app.register(logosRoutes(logos));
      await app.register(plansPublicRoutes(plans));
    };
    const routes = async (app: FastifyInstance) => {
      await app.register(companiesRoutes(createCompaniesService(k.data, k.sessions)));
      await app.register(settingsRoutes(settings));
      await app.register(logoUploadRoutes(logos));
      await app.register(plansRoutes(plans));
    };
    return { routes, publicRoutes, start: (rt) => registerCompanyListeners(k.bus, rt) };
  },
});
