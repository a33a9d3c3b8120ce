// Settings' door: its page (/settings) only.
export { settingsRoutes } from './settings.routes';
