/** Small helpers shared by the benches: argv flags, percentiles, formatting, a bounded pool. */

export const flag = (name: string, fallback: number): number => {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  const raw = args[i]!.includes('=') ? args[i]!.split('=')[1] : args[i + 1];
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number, got ${raw}`);
  return n;
};

/** `--name value` or `--name=value` as text; undefined when absent. */
export const flagText = (name: string): string | undefined => {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const value = args[i]!.includes('=') ? args[i]!.slice(args[i]!.indexOf('=') + 1) : args[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
};

export const hasFlag = (name: string): boolean => process.argv.slice(2).includes(`--${name}`);

/** Nearest-rank percentile of an unsorted sample (p in 0..100). */
export const percentile = (sample: number[], p: number): number => {
  if (sample.length === 0) return NaN;
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
};

export const mean = (sample: number[]): number => sample.reduce((a, b) => a + b, 0) / (sample.length || 1);

export const ms = (n: number, digits = 1): string => n.toFixed(digits);

export const now = (): number => performance.now();

/** Runs `task(0..count-1)` with at most `concurrency` in flight; rejects on the first failure. */
export const pool = async (count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> => {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
};

/** Fixed-width table rows for the printout. */
export const table = (header: string[], rows: (string | number)[][]): string => {
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(all[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
};
