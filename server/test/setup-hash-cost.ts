import { setPasswordHashCostForTests } from '../src/modules/users';
import { TEST_HASH_COST } from './helpers/constants';

// Every server test file (vitest setupFiles): the suite makes and logs in thousands of users,
// and argon2id at its real parameters is ~25 ms of CPU each. Stored hashes carry their own
// parameters, so logins verify at this cost too. login-hardening.test.ts puts the real ones back
// and checks them.
setPasswordHashCostForTests(TEST_HASH_COST);
