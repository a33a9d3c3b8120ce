/**
 * What the copilot costs around the model (issue 32 §7): `POST /tickets/:id/copilot/suggestions`
 * against a LOCAL fake OpenAI-compatible server that answers at once, so the time measured is the
 * server's own (the ticket, settings and cap read, the history and the passages, redaction, the
 * call's HTTP, reading the answer, metering), not a model's.
 *
 *   npx tsx scripts/bench/copilot.ts [--requests 300] [--articles 500] [--messages 200]
 *
 * A throwaway embedded cluster; one company with `--articles` knowledge articles and a ticket of
 * `--messages` messages (the copilot reads the last 20). Requests go one after another (the
 * overhead of one agent's click, not a throughput figure). Ends with `copilot overhead p95 N ms`
 * (target ≤ 50 ms), the fake's own time per call subtracted.
 */
import postgres from 'postgres';
import { withCluster } from './lib/cluster';
import { api, login, startApp, SUPER_EMAIL, SUPER_PASSWORD } from './lib/app';
import { flag, mean, ms, now, percentile, table } from './lib/stats';
import { fakeModel } from './lib/fake-model';

const REQUESTS = flag('requests', 300);
const ARTICLES = flag('articles', 500);
const MESSAGES = flag('messages', 200);
const WARMUP = 20;
const TARGET = 50;

await withCluster('copilot', async (cluster) => {
  console.log(`copilot bench: ${REQUESTS} requests, ${ARTICLES} articles, a ticket of ${MESSAGES} messages; postgres: ${await cluster.settings()}`);
  const db = await cluster.database('bench_copilot');
  const model = await fakeModel();
  const app = await startApp(db);
  try {
    const su = api(app.url, (await login(app.url, SUPER_EMAIL, SUPER_PASSWORD)).token);
    const adminEmail = 'copilot-admin@bench.local';
    const company = await su.post<{ id: number }>('/companies', { name: 'Bench Copiloto', admin: { name: 'Admin', email: adminEmail, password: 'Bench12345!' } });
    const admin = api(app.url, (await login(app.url, adminEmail, 'Bench12345!')).token);
    await admin.put('/copilot/settings', { enabled: true, baseUrl: model.url, model: 'bench', apiKey: 'sk-bench' });
    await admin.post('/whatsapp', { name: 'Sandbox', provider: 'sandbox' });
    const contact = await admin.post<{ id: number }>('/contacts', { name: 'Cliente Bench', number: '5511988887777' });
    const ticket = await admin.post<{ id: number }>('/tickets', { contactId: contact.id, status: 'open' });
    const owner = postgres(db.ownerUrl, { max: 1, onnotice: () => undefined });
    const words = ['entrega', 'prazo', 'troca', 'garantia', 'pagamento', 'boleto', 'pix', 'frete', 'horário', 'endereço', 'nota', 'cancelamento'];
    await owner`
      insert into knowledge_articles (company_id, title, body, tags)
      select ${company.id}, 'Artigo ' || g || ' sobre ' || (${words}::text[])[1 + g % 12],
             repeat('Texto sobre ' || (${words}::text[])[1 + g % 12] || ' e ' || (${words}::text[])[1 + (g * 7) % 12] || '. ', 40),
             array[(${words}::text[])[1 + g % 12]]
      from generate_series(1, ${ARTICLES}) g`;
    const [t] = await owner<{ whatsapp_id: number | null }[]>`select whatsapp_id from tickets where id = ${ticket.id}`;
    await owner`
      insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, created_at)
      select ${company.id}, ${ticket.id}, ${contact.id}, ${t!.whatsapp_id}, 'bench-' || g,
             case when g % 2 = 0 then 'Qual o prazo de entrega e o frete para São Paulo? meu e-mail é cliente' || g || '@example.com'
                  else 'Entregamos em até 2 dias úteis.' end,
             g % 2 = 1, now() - make_interval(secs => ${MESSAGES} - g)
      from generate_series(1, ${MESSAGES}) g`;
    await owner.end();

    const sample: number[] = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const before = model.own.length;
      const t0 = now();
      await admin.post(`/tickets/${ticket.id}/copilot/suggestions`);
      const total = now() - t0;
      const fakeTime = model.own.slice(before).reduce((a, b) => a + b, 0);
      if (i >= WARMUP) sample.push(total - fakeTime);
    }
    const p95 = percentile(sample, 95);
    console.log(table(['requests', 'mean ms', 'p50 ms', 'p95 ms', 'p99 ms'], [[sample.length, ms(mean(sample)), ms(percentile(sample, 50)), ms(p95), ms(percentile(sample, 99))]]));
    console.log(`copilot overhead p95 ${ms(p95)} ms (target ≤ ${TARGET} ms${p95 <= TARGET ? '' : ': over'})`);
  } finally {
    await app.close();
    await model.close();
  }
});
