// The companies module's one door (decision 0015): companies, plans, settings and plan limits (a
// company is made by the onboarding module, above this one and users).
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { advanceDueDate, copilotTokenCap, firstPlan, get, getPlan, getRef, getSetting, insert, list, platform, putSetting } from './companies.repository';
import { registerCompanyListeners } from './companies.listeners';
import { companiesPublicRoutes, companiesRoutes } from './companies.routes';
import { createCompaniesService } from './companies.service';
import { createSettingsService } from './settings.service';
import { logoUploadRoutes, logosRoutes } from './logos.routes';
import { createLogosService } from './logos.service';
import { plansPublicRoutes, plansRoutes } from './plans.routes';
import { createPlansService } from './plans.service';
import { settingsRoutes } from './settings.routes';
import type { Config } from '../../infra/config';
import type { MediaStore } from '../../infra/media-store';
import type { SessionManager } from '../whatsapp';

export { createCompaniesService, type CompaniesService } from './companies.service';
export { assertBelowLimit } from './plan-limits';
export { planGates, planHasFeature, requirePlanFeature } from './plan-gates';
export type { CompanyRow, PlanRow } from './companies.repository';
export { auditedCompany } from './companies.service';
export { toCompanyDto } from './companies.repository';

/** Reads of companies and their settings other modules run inside their own transaction. */
export const companiesQueries = { copilotTokenCap, firstPlan, get, getPlan, getRef, getSetting, list, platform };

/**
 * The companies module's verbs for modules above it: a company made with its default settings and
 * one setting stored (onboarding), the due date moved on by a paid invoice (billing).
 */
export const companiesWrites = { advanceDueDate, create: insert, putSetting };

export const companiesModule = defineModule({
  name: 'companies',
  dependsOn: ['audit'],
  setup: (k: { data: DataAccess; bus: EventBus; sessions: SessionManager; config: Config; media: MediaStore }) => {
    const settings = createSettingsService(k.data);
    const plans = createPlansService(k.data);
    const logos = createLogosService({ data: k.data, dataDir: k.config.dataDir, media: k.media });
    const publicRoutes = async (app: FastifyInstance) => {
      await app.register(companiesPublicRoutes(settings));
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
