/** What the OpenAPI document says about one operation (the parts the completeness check reads). */
interface MediaType {
  schema?: unknown;
  /** From a schema's `.meta({ examples: [one] })` (fastify-swagger hoists it here). */
  example?: unknown;
  /** From `.meta({ examples: [several] })`: `{ example1: { value }, … }`. */
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  security?: Record<string, string[]>[];
  summary?: string;
}
export interface OpenApiDoc {
  openapi: string;
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
}

/** The operation of a route key (`POST /whatsapp/:id/token`), if documented. */
export const operationOf = (doc: OpenApiDoc, key: string): Operation | undefined => {
  const [method, url] = key.split(' ') as [string, string];
  return doc.paths?.[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
};

/**
 * The routes (by key) whose OpenAPI operation lacks an example an integrator can copy: a summary,
 * an example for every request body content type, and for every answer with a body (success and
 * coded errors). Empty: all have them. Examples come from the zod schemas' `.meta({ examples })`
 * (`errorAnswer(…)` for error answers; decision 0298).
 */
export const routesWithoutExamples = (doc: OpenApiDoc, keys: string[]): string[] =>
  keys.flatMap((key) => {
    const op = operationOf(doc, key);
    if (!op) return [`${key}: not in /docs/json`];
    const has = (m: MediaType) => m.example !== undefined || Object.keys(m.examples ?? {}).length > 0;
    const problems: string[] = [];
    if (!op.summary) problems.push(`${key}: no summary`);
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) if (!has(media)) problems.push(`${key}: request ${type} has no example`);
    const answers = Object.entries(op.responses ?? {}).filter(([, r]) => Object.keys(r.content ?? {}).length > 0);
    if (!answers.some(([code]) => /^4/.test(code))) problems.push(`${key}: no documented error answer`);
    for (const [code, res] of answers) {
      for (const [type, media] of Object.entries(res.content ?? {})) if (!has(media)) problems.push(`${key}: answer ${code} ${type} has no example`);
      if (/^4/.test(code) && res.description === 'Default Response') problems.push(`${key}: answer ${code} has no description`);
    }
    return problems;
  });

/**
 * Every route that is missing from the document or declares no schema for its answer or its
 * path parameters, as `GET /x: why` lines (empty: all documented).
 */
export const undocumentedRoutes = (routes: { method: string; url: string }[], doc: OpenApiDoc): string[] =>
  routes
    .filter((r) => !['HEAD', 'OPTIONS'].includes(r.method))
    .flatMap((r) => {
      const key = `${r.method} ${r.url}`;
      const op = doc.paths?.[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      if (!op) return [`${key}: not in /docs/json`];
      const problems: string[] = [];
      const answers = Object.entries(op.responses ?? {}).filter(([code, res]) => /^2/.test(code) && Object.values(res.content ?? {}).some((c) => c.schema));
      if (answers.length === 0) problems.push(`${key}: no response schema`);
      for (const [, name] of r.url.matchAll(/:(\w+)/g)) {
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === name && p.schema)) problems.push(`${key}: path parameter ${name} has no schema`);
      }
      return problems;
    });
