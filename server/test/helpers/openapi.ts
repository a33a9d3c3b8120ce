/** What the OpenAPI document says about one operation (the parts the completeness check reads). */
interface Operation {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
export interface OpenApiDoc {
  openapi: string;
  paths?: Record<string, Record<string, Operation>>;
}

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
