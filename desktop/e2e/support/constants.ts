// The domain must pass the shared `email` schema (its TLD letters only): "admin@balcao.e2e" was
// seeded fine but rejected by the login form and POST /auth/login (ERR_VALIDATION "Invalid email").
export const E2E_DOMAIN = 'balcao-e2e.test';
export const E2E_ADMIN = { email: `admin@${E2E_DOMAIN}`, password: 'Admin123!' };
/** The fake WhatsApp network's control server (server/test/e2e/fake-network.ts). */
export const E2E_CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? 18081);
