import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** A server process a test started as its child, and its stdout read as a line protocol. */
export interface TestChild {
  proc: ChildProcessWithoutNullStreams;
  /** The child's next stdout line starting with `prefix` (one printed before the call counts); rejects, with its last stderr, if it ends first. */
  next(prefix: string): Promise<string>;
  /** Ended, or killed with SIGKILL now (a test that kills one mid-work waits for its exit itself). */
  kill(): void;
}

/**
 * Starts `server/test/helpers/<helper>.ts` as a child (`node --import tsx`) with the test's
 * environment plus `env`: a second server process to race, or one to `kill -9`. Its children
 * print only their protocol on stdout (`READY`, …) and their errors on stderr.
 */
export const spawnChild = (helper: string, env: Record<string, string>): TestChild => {
  const proc = spawn(process.execPath, ['--import', 'tsx', resolve(`server/test/helpers/${helper}.ts`)], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const unclaimed: string[] = [];
  const waiters: { prefix: string; resolve: (line: string) => void; reject: (err: Error) => void }[] = [];
  let ended: string | undefined;
  const endedBefore = (prefix: string) => new Error(`${helper} ended (${ended}) before ${prefix}: ${stderr.slice(-2000)}`);
  createInterface({ input: proc.stdout }).on('line', (line) => {
    const i = waiters.findIndex((w) => line.startsWith(w.prefix));
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(line);
    else unclaimed.push(line);
  });
  // 'close', not 'exit': every line the child printed has been read by then.
  proc.once('close', (code, signal) => {
    ended = String(code ?? signal);
    for (const w of waiters.splice(0)) w.reject(endedBefore(w.prefix));
  });
  return {
    proc,
    next: (prefix) =>
      new Promise<string>((res, rej) => {
        const i = unclaimed.findIndex((l) => l.startsWith(prefix));
        if (i >= 0) return res(unclaimed.splice(i, 1)[0]!);
        if (ended !== undefined) return rej(endedBefore(prefix));
        waiters.push({ prefix, resolve: res, reject: rej });
      }),
    kill: () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    },
  };
};
