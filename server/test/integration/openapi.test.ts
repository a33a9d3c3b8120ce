import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatDto,
  ChatMessageDto,
  CreateChatBody,
  CreateChatMessageBody,
  CreateWebhookBody,
  ListChatMessagesResponse,
  ListChatsResponse,
  ListWebhookDeliveriesResponse,
  ListWebhooksResponse,
  ReadChatBody,
  UpdateChatBody,
  UpdateWebhookBody,
  WebhookDeliveryDto,
  WebhookDto,
  WebhookSecretResponse,
} from '@balcao/shared';
import { swaggerPlugin } from '../../src/infra/plugins/swagger';
import { zodPlugin } from '../../src/infra/plugins/zod';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { allRouteKeys } from '../helpers/routes';
import { operationOf, routesWithoutExamples, undocumentedRoutes, type OpenApiDoc } from '../helpers/openapi';

let app: TestApp;
let doc: OpenApiDoc;
beforeAll(async () => {
  app = await createTestApp();
  const res = await app.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApiDoc>();
});
afterAll(() => app.close());

describe('OpenAPI at /docs', () => {
  it('is OpenAPI 3.1 and lists every registered route with its schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(allRouteKeys(app).length).toBeGreaterThan(20);
    expect(undocumentedRoutes(app.routes, doc)).toEqual([]);
  });

  it('documents inputs from the same zod schemas the routes validate with', () => {
    const login = doc.paths?.['/auth/login']?.post;
    expect(login?.requestBody?.content?.['application/json']?.schema).toMatchObject({ properties: { email: {}, password: {} }, required: ['email', 'password'] });
    const list = doc.paths?.['/tickets']?.get;
    expect(list?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['status', 'pageNumber']));
  });

  it("documents the message actions and both shapes of a send (JSON or multipart's fields; one message or the list)", () => {
    const send = doc.paths?.['/messages/{ticketId}']?.post;
    const body = JSON.stringify(send?.requestBody?.content?.['application/json']?.schema);
    expect(body).toContain('medias');
    expect(body).toContain('quotedMsg');
    expect(JSON.stringify(send?.responses?.['200']?.content?.['application/json']?.schema)).toContain('"type":"array"');
    for (const [path, method] of [
      ['/messages/edit/{messageId}', 'post'],
      ['/messages/{id}', 'delete'],
      ['/message/forward', 'post'],
      ['/messages/{id}/reactions', 'post'],
    ] as const) {
      expect(doc.paths?.[path]?.[method]?.responses?.['200']?.content?.['application/json']?.schema, `${method} ${path}`).toMatchObject({ properties: { isDeleted: {}, isEdited: {} } });
    }
  });

  // Issue 15 §4: the API an integrator can trust. A new route an integrator calls joins this list.
  const WITH_EXAMPLES = [
    'POST /api/messages/send',
    'POST /whatsapp/:id/token',
    // The internal chat.
    'GET /chats',
    'POST /chats',
    'GET /chats/:id',
    'PUT /chats/:id',
    'DELETE /chats/:id',
    'POST /chats/:id/read',
    'GET /chats/:id/messages',
    'POST /chats/:id/messages',
    // Outbound webhooks.
    'GET /webhooks',
    'POST /webhooks',
    'PUT /webhooks/:id',
    'DELETE /webhooks/:id',
    'POST /webhooks/:id/secret',
    'POST /webhooks/:id/test',
    'GET /webhooks/:id/deliveries',
    'POST /webhooks/:id/deliveries/:deliveryId/replay',
  ];
  it('documents the external API and its token route with examples, the connection-token scheme and the coded error body', () => {
    expect(routesWithoutExamples(doc, WITH_EXAMPLES)).toEqual([]);
    expect(doc.components?.securitySchemes?.connectionToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const send = operationOf(doc, 'POST /api/messages/send')!;
    expect(send.security).toEqual([{ connectionToken: [] }]);
    expect(Object.keys(send.requestBody?.content ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
    // Every error answer is the one coded body, its examples real codes.
    for (const code of ['400', '401', '403', '409', '413', '429']) {
      const media = send.responses?.[code]?.content?.['application/json'];
      expect(JSON.stringify(media?.schema), code).toContain('ERR_INVALID_API_TOKEN');
      for (const ex of Object.values(media?.examples ?? {})) expect((ex.value as { error: string }).error, code).toMatch(/^ERR_/);
    }
    expect(Object.values(send.responses?.['401']?.content?.['application/json']?.examples ?? {}).map((e) => (e.value as { error: string }).error)).toContain('ERR_INVALID_API_TOKEN');
    expect(send.responses?.['200']?.content?.['application/json']?.example).toMatchObject({ mensagem: 'Mensagem enviada', messageId: expect.any(Number) });
    // Session routes keep the session scheme.
    expect(operationOf(doc, 'GET /tickets')?.security).toBeUndefined();
  });

  it('the examples of the chat and webhook schemas are valid against those schemas', () => {
    const schemas: Record<string, z.ZodType> = {
      ChatDto,
      ChatMessageDto,
      ListChatsResponse,
      ListChatMessagesResponse,
      CreateChatBody,
      UpdateChatBody,
      ReadChatBody,
      CreateChatMessageBody,
      WebhookDto,
      WebhookSecretResponse,
      ListWebhooksResponse,
      CreateWebhookBody,
      UpdateWebhookBody,
      WebhookDeliveryDto,
      ListWebhookDeliveriesResponse,
    };
    for (const [name, schema] of Object.entries(schemas)) {
      const meta = schema.meta() as { examples?: unknown[]; 'x-examples'?: Record<string, { value: unknown }> } | undefined;
      const values = [...(meta?.examples ?? []), ...Object.values(meta?.['x-examples'] ?? {}).map((e) => e.value)];
      expect(values.length, name).toBeGreaterThan(0);
      for (const v of values) expect(schema.safeParse(v).error, `${name}: ${JSON.stringify(v)}`).toBeUndefined();
    }
  });

  it('the example check catches a route without examples', () => {
    expect(routesWithoutExamples(doc, ['GET /tickets'])).toEqual(expect.arrayContaining(['GET /tickets: no summary', 'GET /tickets: answer 200 application/json has no example']));
  });

  it('serves the docs UI', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('the completeness check catches a route without a schema', async () => {
    const bare = Fastify({ logger: false });
    const routes: { method: string; url: string }[] = [];
    bare.addHook('onRoute', (r) => {
      if (!(r.schema as { hide?: boolean } | undefined)?.hide) for (const method of [r.method].flat()) routes.push({ method, url: r.url });
    });
    await bare.register(zodPlugin);
    await bare.register(swaggerPlugin, { version: 'test' });
    const typed = bare.withTypeProvider<ZodTypeProvider>();
    typed.get('/things/:id', { schema: { params: z.object({ id: z.coerce.number() }), response: { 200: z.object({ id: z.number() }) } } }, (req) => ({ id: req.params.id }));
    bare.get('/loose/:id', () => ({ ok: true }));
    await bare.ready();
    const looseDoc = (await bare.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDoc>();
    expect(undocumentedRoutes(routes, looseDoc)).toEqual(['GET /loose/:id: no response schema']);
    await bare.close();
  });
});

describe('/docs next to the web UI', () => {
  it('a browser asking for /docs gets the docs, not the web UI page; other pages still get the UI', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'balcao-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Balcão UI</title>');
    const withUi = await createTestApp({ config: { webDir } });
    try {
      const html = { accept: 'text/html' };
      const docs = await withUi.app.inject({ method: 'GET', url: '/docs/', headers: html });
      expect(docs.body).not.toContain('Balcão UI');
      expect(docs.body).toContain('swagger');
      const page = await withUi.app.inject({ method: 'GET', url: '/tickets', headers: html });
      expect(page.body).toContain('Balcão UI');
      expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    } finally {
      await withUi.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});
