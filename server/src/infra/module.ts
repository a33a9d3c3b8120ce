import type { FastifyPluginAsync } from 'fastify';
import type { Realtime, SocketHandlers } from './rooms';

/** What a module adds to the app once `buildApp` has its infrastructure (decision 0017). */
export interface ModuleParts {
  /** Routes reachable without an access token (login, refresh, signup). */
  publicRoutes?: FastifyPluginAsync;
  /** Routes behind `requireAuth`: `req.ctx` is set. */
  routes?: FastifyPluginAsync;
  /**
   * After every module's routes and once socket.io is attached: bus listeners that route the
   * module's events to socket rooms, socket events it answers, pg-boss workers it runs.
   */
  start?(rt: Realtime & { use(handlers: SocketHandlers): void }): Promise<void> | void;
}

/**
 * One module as `buildApp` mounts it. `K` is what the module needs from the app (structural: the
 * app's kernel must have at least these fields); `dependsOn` names modules mounted before it.
 */
export interface AppModule<K> {
  name: string;
  dependsOn?: readonly string[];
  setup: (kernel: K) => ModuleParts;
}

export const defineModule = <K>(m: AppModule<K>): AppModule<K> => m;

/** Refuses a module list whose order does not honour `dependsOn` (a mistake in app.ts, not at run time). */
export const assertModuleOrder = (modules: readonly { name: string; dependsOn?: readonly string[] }[]): void => {
  const seen = new Set<string>();
  for (const m of modules) {
    for (const d of m.dependsOn ?? []) if (!seen.has(d)) throw new Error(`module ${m.name} depends on ${d}, which is not mounted before it`);
    seen.add(m.name);
  }
};
