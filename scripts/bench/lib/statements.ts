/**
 * Which SQL a unit of work runs (a bench's --statements): pg_stat_statements over one measured
 * run, printed per unit — calls and milliseconds of execution per message, busiest first. The
 * cluster must load the extension (startCluster(label, { statements: true })).
 */
import postgres from 'postgres';

type Row = { query: string; calls: string; total: number; rows: string; blocks: string };

export const statementsProfile = async (ownerUrl: string) => {
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => undefined });
  await sql`create extension if not exists pg_stat_statements`;
  return {
    reset: async () => {
      await sql`select pg_stat_statements_reset()`;
    },
    /** The `top` statements by execution time, per `units` (messages), and the totals. */
    report: async (units: number, top = 25): Promise<string> => {
      const rows = await sql<Row[]>`
        select s.query, s.calls::text as calls, s.total_exec_time as total, s.rows::text as rows, (s.shared_blks_hit + s.shared_blks_read)::text as blocks
        from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = current_database()
        order by s.total_exec_time desc`;
      const calls = rows.reduce((a, r) => a + Number(r.calls), 0);
      const total = rows.reduce((a, r) => a + r.total, 0);
      const line = (r: Row) =>
        `${(Number(r.calls) / units).toFixed(2).padStart(7)} ${((1000 * r.total) / units).toFixed(1).padStart(8)} ${(Number(r.rows) / Number(r.calls)).toFixed(1).padStart(8)} ${(Number(r.blocks) / Number(r.calls)).toFixed(0).padStart(8)}  ${r.query.replace(/\s+/g, ' ').slice(0, 150)}`;
      return [
        `statements per message: ${(calls / units).toFixed(1)} calls, ${((1000 * total) / units).toFixed(0)} µs of execution (${rows.length} distinct)`,
        `  calls      µs rows/call blk/call  statement`,
        ...rows.slice(0, top).map(line),
      ].join('\n');
    },
    close: () => sql.end({ timeout: 5 }),
  };
};
