// The sandbox phone's door: its page only.
export { simulatorRoutes } from './simulator.routes';
