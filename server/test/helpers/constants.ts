export const TEMPLATE_DB = 'balcao_template';
export const TEST_APP_PASSWORD = 'test-app-password';
export const SUPER_EMAIL = 'owner@balcao.test';
export const SUPER_PASSWORD = 'Owner123!';
/**
 * argon2id's cost in tests (setup-hash-cost.ts, and the template's super user): ~1 ms a hash
 * instead of ~25 ms. The product's parameters are checked in login-hardening.test.ts.
 */
export const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
