// The onboarding module's one door (issue 27 §3): how a company comes to exist. The super user's
// POST /companies, public signup and the first start's seed each make a company, its settings and
// its first admin (at first start also the sandbox connection) in one transaction. It sits above
// companies, users and whatsapp, so none of them imports another to make a company.
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import { defineModule } from '../../infra/module';
import { createCompanyCreateService } from './company-create.service';
import { companyCreateRoutes, signupRoutes } from './onboarding.routes';
import { createSignupService } from './signup.service';

export { seedFirstStart, type SeedResult } from './seed';

export const onboardingModule = defineModule({
  name: 'onboarding',
  dependsOn: ['audit', 'billing', 'companies', 'users', 'whatsapp'],
  setup: (k: { data: DataAccess; clock: Clock }) => ({
    publicRoutes: signupRoutes(createSignupService({ data: k.data, clock: k.clock })),
    routes: companyCreateRoutes(createCompanyCreateService(k.data)),
  }),
});
