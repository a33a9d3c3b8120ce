export const E2E_ADMIN = { email: 'admin@balcao.e2e', password: 'Admin123!' };
