import type { z } from 'zod';
import type { InvokeChannel } from '../../common/ipc-channels.js';
import { formatIssues, type IpcArgs, type IpcResult, type IpcReturns } from '../../common/ipc-schemas.js';
import { ipcMain, type IpcMainInvokeEvent } from '../electron-api.js';

export type SenderGuard = (event: IpcMainInvokeEvent) => boolean;

export type Handle = <C extends InvokeChannel>(
  channel: C,
  schema: IpcArgs[C],
  fn: (...args: z.output<IpcArgs[C]>) => IpcReturns[C] | Promise<IpcReturns[C]>,
) => void;

/**
 * Returns `handle(channel, schema, fn)`: registers `fn` for `channel` so that it only ever runs
 * for a trusted sender with arguments that passed `schema`, and always answers with an
 * `IpcResult` — a rejected `ipcMain.handle` promise would reach the renderer as an opaque
 * "Error invoking remote method" and log a stack in main.
 */
export function createHandle(isTrustedSender: SenderGuard): Handle {
  return (channel, schema, fn) => {
    ipcMain.handle(channel, async (event, ...args: unknown[]): Promise<IpcResult<unknown>> => {
      try {
        if (!isTrustedSender(event)) return fail(channel, 'sender is not the app');
        const parsed = (schema as z.ZodType<readonly unknown[]>).safeParse(args);
        if (!parsed.success) return fail(channel, `invalid arguments: ${formatIssues(parsed.error)}`);
        const value = await (fn as (...a: readonly unknown[]) => unknown)(...parsed.data);
        return { ok: true, value };
      } catch (error) {
        console.error(`[ipc] ${channel} failed`, error);
        return fail(channel, error instanceof Error ? error.message : String(error));
      }
    });
  };
}

function fail(channel: string, reason: string): IpcResult<never> {
  return { ok: false, error: `${channel}: ${reason}` };
}
