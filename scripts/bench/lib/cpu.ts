/**
 * CPU accounting for a bench phase: this Node process (process.cpuUsage) and the PostgreSQL
 * cluster (postmaster + its live children, from /proc; Linux only — zero elsewhere).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';

const TICK_US = 10_000; // USER_HZ = 100 on Linux

const procTimes = (pid: number): { ppid: number; us: number } | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // after "pid (comm) ": state ppid ... utime(11) stime(12), 0-based from state
    return { ppid: Number(f[1]), us: (Number(f[11]) + Number(f[12])) * TICK_US };
  } catch {
    return undefined;
  }
};

/** Total CPU µs of the postmaster in `dataDir` and its current children. */
export const pgCpuUs = (dataDir: string): number => {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  let total = procTimes(postmaster)?.us ?? 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const t = procTimes(Number(name));
    if (t && t.ppid === postmaster) total += t.us;
  }
  return total;
};

/** Busy CPU µs of the whole machine (all cores), from /proc/stat. */
const machineBusyUs = (): number => {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    return (f.slice(0, 8).reduce((a, b) => a + b, 0) - f[3]! - f[4]!) * TICK_US;
  } catch {
    return 0;
  }
};

export interface CpuUse {
  nodeUs: number;
  pgUs: number;
  /** Everything else on the machine (other people's tests, browsers, servers). */
  otherUs: number;
  wallUs: number;
}

export interface CpuMeter {
  /** CPU µs since start: this node process (user+system), PostgreSQL, the rest of the machine. */
  stop(): CpuUse;
}

export const cpuMeter = (dataDir: string): CpuMeter => {
  const n0 = process.cpuUsage();
  const p0 = pgCpuUs(dataDir);
  const m0 = machineBusyUs();
  const t0 = performance.now();
  return {
    stop() {
      const n = process.cpuUsage(n0);
      const nodeUs = n.user + n.system;
      const pgUs = pgCpuUs(dataDir) - p0;
      const otherUs = Math.max(0, machineBusyUs() - m0 - nodeUs - pgUs);
      return { nodeUs, pgUs, otherUs, wallUs: (performance.now() - t0) * 1000 };
    },
  };
};

/** "node 45%, postgres 80%, other processes 60% of 2 cores" for a printout. */
export const describeCpu = (u: CpuUse): string => {
  const cores = availableParallelism();
  const pct = (x: number) => `${((100 * x) / u.wallUs).toFixed(0)}%`;
  return `CPU: node ${pct(u.nodeUs)}, postgres ${pct(u.pgUs)}, other processes on the machine ${pct(u.otherUs)} (100% = one core; ${cores} cores)`;
};
