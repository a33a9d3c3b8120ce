import { badInputSuite } from '../helpers/bad-input-suite';

// Shard 3 of the bad input suite (issue 25): the rows live beside their modules
// (server/src/modules/<m>/<m>.bad-input.cases.ts), dealt to the shards in server/test/helpers/route-cases.ts.
badInputSuite(3);
