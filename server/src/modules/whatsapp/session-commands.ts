import type { DataAccess } from '../../db/tenant';
import type { JobPayloads } from '../../infra/jobs';
import type { JobRouting } from './job-routing';
import type { SessionManager } from './session-manager';
import * as repo from './whatsapp.repository';

export type SessionCommand = JobPayloads['session.command'];

/** A command older than this is dropped: an admin's click must not act minutes later. */
export const SESSION_COMMAND_TTL_MS = 60_000;

/**
 * The admin's session actions (new QR / pairing code, restart, disconnect), executed where the
 * connection's socket is: here when it runs here or nowhere, else handed to the owner's
 * `session.command` queue (decision 0011). The owner applies it through its own SessionManager,
 * and the status it writes reaches every admin through the shared socket.io adapter.
 */
export const createSessionCommands = (deps: { data: DataAccess; sessions: SessionManager; routing?: JobRouting; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());

  const loadRow = (companyId: number, id: number) =>
    deps.data.withTenant({ companyId }, async ({ tx }) => {
      const row = await repo.get(tx, companyId, id);
      return row && { row, queueIds: ((await repo.queueIdsOf(tx, companyId, [id])).get(id) ?? []).map((q) => q.id) };
    });

  /** The logged-out connection's new state, told to every admin. */
  const markDisconnected = (companyId: number, id: number) =>
    deps.data.withTenant({ companyId }, async ({ tx, stage }) => {
      const row = await repo.setStatus(tx, companyId, id, { status: 'DISCONNECTED' });
      if (!row) return;
      stage({
        type: 'whatsapp.session',
        companyId,
        session: { id, name: row.name, status: 'DISCONNECTED', qrcode: '', pairingCode: '', retries: row.retries, updatedAt: row.updatedAt.toISOString() },
      });
      const dto = await repo.dtoOf(tx, companyId, id);
      if (dto) stage({ type: 'whatsapp.updated', companyId, whatsapp: dto });
    });

  const apply = async (cmd: SessionCommand): Promise<void> => {
    const found = await loadRow(cmd.companyId, cmd.whatsappId);
    if (!found) return;
    const { row, queueIds } = found;
    switch (cmd.action) {
      case 'start':
        await deps.sessions.start(row, queueIds, { pairingPhone: cmd.phoneNumber });
        return;
      case 'restart':
        await deps.sessions.stop(row.id);
        await deps.sessions.start(row, queueIds);
        return;
      case 'logout':
        await deps.sessions.logout(row.id, cmd.companyId);
        await markDisconnected(cmd.companyId, row.id);
        return;
    }
  };

  deps.routing?.setWorker('session.command', async (cmd) => {
    if (now().getTime() - Date.parse(cmd.at) > SESSION_COMMAND_TTL_MS) return;
    await apply(cmd);
  });

  return {
    /** Runs the command here, or hands it to the process holding the connection's socket. */
    async run(cmd: Omit<SessionCommand, 'at'>, provider: string): Promise<'here' | 'owner'> {
      const full: SessionCommand = { ...cmd, at: now().toISOString() };
      // A simulated phone has no socket to route to (and its owner works no connection queue).
      const routed = provider !== 'sandbox' && !deps.sessions.runsHere(cmd.whatsappId) && deps.routing;
      if (routed && (await routed.forwardToOwner('session.command', full, cmd.whatsappId))) return 'owner';
      await apply(full);
      return 'here';
    },
  };
};

export type SessionCommands = ReturnType<typeof createSessionCommands>;
