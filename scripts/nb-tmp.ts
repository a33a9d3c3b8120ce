import pg from 'pg';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
const db = await startEmbeddedPostgres(mkdtempSync(join(tmpdir(), 'nb-')), { persistent: false });
const payload = JSON.stringify({ uid: 'x', type: 3, data: 'y'.repeat(Number(process.env.SIZE ?? 3000)) });
for (const listeners of [0, 2]) for (const conc of [1, 2, 8]) {
  const ls: pg.Client[] = [];
  let got = 0;
  for (let i = 0; i < listeners; i++) { const c = new pg.Client({ connectionString: db.ownerUrl }); await c.connect(); await c.query('LISTEN "ch"'); c.on('notification', () => { got += 1; }); ls.push(c); }
  const pool = new pg.Pool({ connectionString: db.ownerUrl, max: conc });
  const N = 1000; let sent = 0; const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (sent < N) { sent += 1; await pool.query('SELECT pg_notify($1, $2)', ['ch', payload]); } }));
  const ms = performance.now() - t0;
  console.log(`listeners ${listeners} conc ${conc}: ${(N / ms * 1000).toFixed(0)} notify/s (${(ms / N).toFixed(2)} ms each) got ${got}`);
  await pool.end(); for (const c of ls) await c.end();
}
await db.stop();
