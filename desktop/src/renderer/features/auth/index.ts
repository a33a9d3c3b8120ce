// The session's door: logging out, the plan's campaigns flag and the session's socket events; the pages before login are auth.public-routes.
// Two-factor sign-in's setup and API serve the profile too.
export { hasCampaignsFlag, logout } from './auth.actions';
export { bindAuthSocket } from './auth.socket';
export { authPublicRoutes } from './auth.public-routes';
export { twoFactorApi } from './auth.api';
export { RecoveryCodes, TwoFactorSetup } from './TwoFactorSetup';
