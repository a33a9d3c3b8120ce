// The helps module's one door: the platform's help videos (administration.md /helps; decision 0272).
import type { DataAccess } from '../../db/tenant';
import { defineModule } from '../../infra/module';
import { helpsRoutes } from './helps.routes';
import { createHelpsService } from './helps.service';

export { createHelpsService, type HelpsService } from './helps.service';

export const helpsModule = defineModule({
  name: 'helps',
  dependsOn: ['audit', 'companies'],
  setup: (k: { data: DataAccess }) => ({ routes: helpsRoutes(createHelpsService(k.data)) }),
});
