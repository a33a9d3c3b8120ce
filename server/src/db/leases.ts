import postgres from 'postgres';

/** The first key of every WhatsApp session lease (`pg_try_advisory_lock(LEASE_NAMESPACE, whatsappId)`). */
export const LEASE_NAMESPACE = 0x57_41_53; // 'WAS'
/** The application_name of every process's lease connection. */
const LEASE_APPLICATION = 'balcao-leases';

export interface LeaseHolderOptions {
  url: string;
  /** Liveness check (`select pg_backend_pid()`) every this many ms; default 3 s. */
  checkEveryMs?: number;
  /** A check that has not answered after this many ms counts as a lost connection; default 5 s. */
  checkTimeoutMs?: number;
  /** The lease connection was lost: these leases are gone (another process may hold them now). */
  onLost?: (ids: number[]) => void;
}

/**
 * Session-level advisory locks on ONE dedicated connection: a lease lives exactly as long as that
 * backend, so when the process dies (even kill -9) PostgreSQL drops the connection and every lease
 * with it. If the connection is lost while we live, all leases are reported lost (`onLost`) and the
 * next acquire opens a fresh connection; a reconnected backend is recognised by its pid, so a lease
 * is never believed held on a connection that does not hold it.
 */
export class LeaseHolder {
  private sql: postgres.Sql | undefined;
  private pid: number | undefined;
  private readonly leases = new Set<number>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  private checking = false;

  constructor(private readonly opts: LeaseHolderOptions) {
    this.timer = setInterval(() => void this.check(), opts.checkEveryMs ?? 3_000);
    this.timer.unref();
  }

  /** Takes the lease of a connection; false when another process holds it. Idempotent. */
  async tryAcquire(id: number): Promise<boolean> {
    if (this.closed) return false;
    if (this.leases.has(id)) {
      // Still ours only if the backend that took it is still the one we talk to.
      return (await this.samePid()) && this.leases.has(id);
    }
    const sql = this.client();
    const [row] = await sql<{ ok: boolean; pid: number }[]>`select pg_try_advisory_lock(${LEASE_NAMESPACE}::int, ${id}::int) as ok, pg_backend_pid() as pid`;
    if (!row || !this.adopt(sql, row.pid)) return false;
    if (row.ok) this.leases.add(id);
    return row.ok;
  }

  async release(id: number): Promise<void> {
    if (!this.leases.delete(id) || !this.sql) return;
    const sql = this.sql;
    await sql`select pg_advisory_unlock(${LEASE_NAMESPACE}::int, ${id}::int)`.catch(() => undefined);
  }

  held(): Set<number> {
    return new Set(this.leases);
  }

  /**
   * How many processes hold leases on this database now, this one included (each has one lease
   * connection, named `balcao-leases`): the divisor of a fair share of the sessions (issue 31 §3).
   */
  async holders(): Promise<number> {
    if (this.closed) return 1;
    const [row] = await this.client()<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity where application_name = ${LEASE_APPLICATION} and datname = current_database()`;
    return Math.max(1, Number(row?.n ?? 1));
  }

  /** The PostgreSQL backend holding the leases (tests terminate it to stand for a dead process). */
  backendPid(): number | undefined {
    return this.pid;
  }

  /** Ends the connection: every lease is released by PostgreSQL with it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.leases.clear();
    const sql = this.sql;
    this.sql = undefined;
    await sql?.end({ timeout: 5 }).catch(() => undefined);
  }

  private client(): postgres.Sql {
    if (!this.sql) {
      const sql: postgres.Sql = postgres(this.opts.url, {
        max: 1,
        // Named, so that every process can count the others (holders()).
        connection: { application_name: LEASE_APPLICATION },
        // The locks live as long as this one backend: never recycle it.
        max_lifetime: 0,
        idle_timeout: 0,
        onnotice: () => undefined,
        onclose: () => {
          if (this.sql === sql) this.lose();
        },
      });
      this.sql = sql;
    }
    return this.sql;
  }

  /** Records the backend answering on `sql`; false (and leases lost) if it is not the one we had. */
  private adopt(sql: postgres.Sql, pid: number): boolean {
    if (this.sql !== sql) return false;
    if (this.pid !== undefined && this.pid !== pid) {
      this.lose();
      if (this.sql !== sql) return false;
    }
    this.pid = pid;
    return true;
  }

  private async samePid(): Promise<boolean> {
    const sql = this.sql;
    if (!sql) return false;
    try {
      const [row] = await this.withTimeout(sql<{ pid: number }[]>`select pg_backend_pid() as pid`);
      return !!row && this.sql === sql && this.pid === row.pid;
    } catch {
      if (this.sql === sql) this.lose();
      return false;
    }
  }

  private async check(): Promise<void> {
    if (this.closed || this.checking || !this.sql || this.leases.size === 0) return;
    this.checking = true;
    try {
      if (!(await this.samePid()) && this.leases.size > 0) this.lose();
    } finally {
      this.checking = false;
    }
  }

  private withTimeout<T>(p: Promise<T>): Promise<T> {
    const ms = this.opts.checkTimeoutMs ?? 5_000;
    let t: NodeJS.Timeout | undefined;
    return Promise.race([p, new Promise<never>((_, reject) => (t = setTimeout(() => reject(new Error('lease connection: no answer')), ms)))]).finally(() => clearTimeout(t));
  }

  /** The connection is gone (or no longer trusted): drop it and report every lease lost. */
  private lose(): void {
    const ids = [...this.leases];
    this.leases.clear();
    this.pid = undefined;
    const sql = this.sql;
    this.sql = undefined;
    // A hung backend may still hold the locks until PostgreSQL notices: zero owners, never two.
    void sql?.end({ timeout: 0 }).catch(() => undefined);
    if (ids.length > 0) this.opts.onLost?.(ids);
  }
}
