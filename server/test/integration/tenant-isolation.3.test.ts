import { isolationSuite } from '../helpers/isolation-suite';

// Shard 3 of the tenant isolation suite (issue 25): the rows live beside their modules
// (server/src/modules/<m>/<m>.isolation.cases.ts), dealt to the shards in server/test/helpers/route-cases.ts.
await isolationSuite(3);
