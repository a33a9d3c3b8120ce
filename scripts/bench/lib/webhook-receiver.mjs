// The ingest bench's webhook receiver, in a process of its own (as a real receiver is, so the
// server's event loop does not also parse the deliveries). Tells its port, then answers `stats`
// over IPC: deliveries by distinct id, duplicated ids, and the lag of each (now − envelope createdAt).
import { createServer } from 'node:http';

const ids = new Set();
let duplicates = 0;
const lags = [];
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const id = String(req.headers['x-balcao-delivery'] ?? '');
    if (ids.has(id)) duplicates += 1;
    else ids.add(id);
    try {
      lags.push(Date.now() - Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).createdAt));
    } catch {
      // not an envelope: no lag
    }
    res.end('ok');
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m !== 'stats') return;
  const sorted = [...lags].sort((a, b) => a - b);
  const p99 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] : NaN;
  process.send({ delivered: ids.size, duplicates, lagP99: p99 });
});
process.on('disconnect', () => process.exit(0));
