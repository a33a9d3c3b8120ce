export const TEMPLATE_DB = 'balcao_template';
export const TEST_APP_PASSWORD = 'test-app-password';
export const SUPER_EMAIL = 'owner@balcao.test';
export const SUPER_PASSWORD = 'Owner123!';
