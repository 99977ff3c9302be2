// GET /openapi.json (issue 29 #3): every route the router answers is in the document, but the short,
// explicit list of routes that are not calls; each operation carries the route's own schemas (query,
// body, path parameters, each answer) converted as the type provider converts them; exactly the
// routes behind the admin gate are marked as needing the admin session. Routes are read from the
// app itself, so routes added later are checked without being listed here.
import { readFileSync } from 'node:fs';
import { formatParamUrl } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { calls } from '../../src/contract/calls.js';
import { ErrorAnswerSchema } from '../../src/contract/common.js';
import { SHOP_FAVICON_LINK } from '../../src/server/http/api-docs-theme.js';
import { type AnnouncedRoute, announcedRoutes } from '../../src/server/http/openapi.js';
import { ADMIN_SESSION, API_DOCS_PATH, isUndocumented, UNDOCUMENTED } from '../../src/server/http/openapi-transform.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// biome-ignore lint/suspicious/noExplicitAny: the document is loose JSON, read field by field
type Json = Record<string, any>;
type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; description?: string; schema: Json }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
};

/**
 * Every `path → methods` the router answers, from Fastify's route tree printed with common prefixes
 * (each node's key is its part of the path, so a path is its ancestors' keys joined).
 */
function routerRoutes(tree: string): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents.push(path);
    if (!match[3]) continue;
    const methods = routes.get(path) ?? new Set<string>();
    for (const method of match[3].split(', ')) methods.add(method);
    routes.set(path, methods);
  }
  return routes;
}

const methodsOf = (route: AnnouncedRoute) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');

/** The route's schemas converted by the type provider's own transform, as the document should carry them. */
function converted(route: AnnouncedRoute, openapi: string): Json {
  const { hide: _hide, ...schema } = route.schema ?? {};
  return jsonSchemaTransform({
    schema,
    url: route.url,
    route: route as unknown as RouteOptions,
    openapiObject: { openapi },
  }).schema as Json;
}

/** The document's parameters of one kind, in the shape of the JSON schema object they came from. */
function parametersAsSchema(operation: Operation, where: 'query' | 'path') {
  const properties: Json = {};
  const required: string[] = [];
  for (const p of operation.parameters?.filter((x) => x.in === where) ?? []) {
    properties[p.name] = { ...p.schema, ...(p.description && { description: p.description }) };
    if (p.required) required.push(p.name);
  }
  return { properties, required: required.sort() };
}

function schemaAsParameters(json: Json | undefined, where: 'query' | 'path') {
  // A query of several shapes (a union): every parameter of any shape, required when all require it.
  const shapes: Json[] = json?.anyOf ?? json?.oneOf ?? (json ? [json] : []);
  const properties: Json = {};
  for (const shape of shapes)
    for (const [name, property] of Object.entries((shape.properties ?? {}) as Json)) {
      const { required: _nested, ...rest } = property as Json;
      properties[name] = rest;
    }
  const required =
    where === 'path'
      ? Object.keys(properties)
      : Object.keys(properties).filter((name) => shapes.every((shape) => shape.required?.includes(name)));
  return { properties, required: required.sort() };
}

describe('the API document', () => {
  let t: TestApp;
  let doc: Json;
  let paths: Record<string, Record<string, Operation>>;
  let announced: AnnouncedRoute[];
  beforeAll(async () => {
    // The sandbox providers (no keys) register their calls too.
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
    paths = doc.paths;
    announced = announcedRoutes(t.app).filter((r) => methodsOf(r).length > 0);
  });
  afterAll(() => t.close());

  const operationOf = (method: string, url: string) => paths[formatParamUrl(url)]?.[method.toLowerCase()];

  it('is OpenAPI 3.1 named after the shop, with the version of package.json and a relative server', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Murashki shop API', version: pkg.version });
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(doc.components.securitySchemes[ADMIN_SESSION]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'admin_sid',
    });
  });

  it('documents every route the router answers, but a short list of routes that are not calls, each with why', () => {
    const router = routerRoutes(t.app.printRoutes());
    expect(router.get('/placeOrder')).toContain('POST'); // the reader understands the tree
    expect(router.size).toBeGreaterThan(80);

    expect(UNDOCUMENTED.length).toBeLessThanOrEqual(10);
    for (const entry of UNDOCUMENTED) expect(entry.why.length, entry.path).toBeGreaterThan(5);

    const missing: string[] = [];
    const leftOut: string[] = [];
    for (const [path, methods] of router) {
      for (const method of methods) {
        if (method === 'HEAD' && methods.has('GET')) continue;
        const operation = operationOf(method, path);
        if (isUndocumented(path) || isUndocumented(`${path}/`)) {
          if (operation) leftOut.push(`${method} ${path} is documented but listed as not a call`);
          continue;
        }
        if (!operation) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(leftOut).toEqual([]);
    // Each entry of the list leaves out a route that exists…
    for (const entry of UNDOCUMENTED) expect(t.app.hasRoute({ method: 'GET', url: entry.path }), entry.path).toBe(true);
    // …and the document holds nothing the router does not answer.
    const extra = Object.entries(paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .map((m) => ({ method: m.toUpperCase() as 'GET', url: p.replace(/\{([^}]+)\}/g, ':$1') }))
        .filter((route) => !t.app.hasRoute(route))
        .map(({ method, url }) => `${method} ${url}`),
    );
    expect(extra).toEqual([]);
  });

  it('sees the routes that the router has, so the comparison below covers them all', () => {
    // The document is built from the routes Fastify announced; a route added before the document's
    // hook was registered would be answered but never announced.
    const router = routerRoutes(t.app.printRoutes());
    const announcedKeys = new Set(
      announced.flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url.length > 1 ? r.url.replace(/\/$/, '') : r.url}`)),
    );
    const unseen = [...router].flatMap(([p, ms]) =>
      [...ms].filter((m) => m !== 'HEAD' && !announcedKeys.has(`${m} ${p}`)).map((m) => `${m} ${p}`),
    );
    expect(unseen).toEqual([]);
  });

  it("carries each route's own schemas: query, body, path parameters and each answer", () => {
    const differences: string[] = [];
    const differs = (label: string, actual: unknown, expected: unknown) => {
      try {
        expect(actual).toEqual(expected);
      } catch {
        differences.push(`${label}\n  document: ${JSON.stringify(actual)}\n  route:    ${JSON.stringify(expected)}`);
      }
    };
    let compared = 0;
    for (const route of announced) {
      if (isUndocumented(route.url)) continue;
      const expected = converted(route, doc.openapi);
      for (const method of methodsOf(route)) {
        const label = `${method} ${route.url}`;
        const operation = operationOf(method, route.url);
        if (!operation) {
          differences.push(`${label}: not in the document`);
          continue;
        }
        compared++;
        differs(
          `${label} query`,
          parametersAsSchema(operation, 'query'),
          schemaAsParameters(expected.querystring, 'query'),
        );
        if (expected.params)
          differs(`${label} path`, parametersAsSchema(operation, 'path'), schemaAsParameters(expected.params, 'path'));
        const consumes = (route.schema?.consumes as string[] | undefined)?.[0] ?? 'application/json';
        differs(`${label} body`, operation.requestBody?.content[consumes]?.schema, expected.body);
        const answers = (expected.response ?? {}) as Json;
        for (const [status, schema] of Object.entries(answers))
          differs(
            `${label} answer ${status}`,
            operation.responses[status]?.content?.['application/json']?.schema,
            schema,
          );
        // Beside the route's answers: the error answer, and a 200 for a route that declares none.
        const more = Object.keys(operation.responses).filter((s) => !(s in answers));
        const declares2xx = Object.keys(answers).some((s) => s.startsWith('2'));
        differs(`${label} other answers`, more.sort(), declares2xx ? ['default'] : ['200', 'default']);
        differs(`${label} error answer`, operation.responses.default?.content?.['application/json']?.schema, {
          $ref: '#/components/schemas/ErrorAnswer',
        });
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(80);
    // The error answer's component is ErrorAnswerSchema, converted as an answer.
    const error = converted(
      { method: 'GET', url: '/x', schema: { response: { 200: ErrorAnswerSchema } } },
      doc.openapi,
    );
    expect(doc.components.schemas.ErrorAnswer).toEqual(error.response[200]);
  });

  it('converts every schema faithfully: nothing a JSON schema cannot say is silently widened to "anything"', () => {
    const unrepresentable: string[] = [];
    for (const route of announced) {
      if (isUndocumented(route.url)) continue;
      const schema = (route.schema ?? {}) as Json;
      const parts: [string, unknown, 'input' | 'output'][] = [
        ['query', schema.querystring, 'input'],
        ['body', schema.body, 'input'],
        ['params', schema.params, 'input'],
        ...Object.entries((schema.response ?? {}) as Json).map(([s, v]): [string, unknown, 'output'] => [
          `answer ${s}`,
          v,
          'output',
        ]),
      ];
      for (const [part, zod, io] of parts) {
        if (!zod) continue;
        try {
          z.toJSONSchema(zod as $ZodType, { io, unrepresentable: 'throw', target: 'draft-2020-12' });
        } catch (err) {
          unrepresentable.push(`${route.url} ${part}: ${(err as Error).message}`);
        }
      }
    }
    expect(unrepresentable).toEqual([]);
  });

  it('names each call of the call table after it, in its place', () => {
    for (const [name, call] of Object.entries(calls))
      expect({ name, operationId: operationOf(call.method, call.path)?.operationId }).toEqual({
        name,
        operationId: name,
      });
  });

  it('marks exactly the calls behind the admin gate as needing the admin session', async () => {
    // What each route answers without any cookie tells which are behind the gate.
    const wrong: string[] = [];
    let gated = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = path.replace(/\{[^}]+\}/g, 'x');
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET' | 'POST', url });
        // Read as text: another 401 (a bearer token's, say) need not be JSON.
        const behindGate = res.statusCode === 401 && res.body.includes('Please sign in as the shop owner');
        const marked = operation.security?.some((s) => ADMIN_SESSION in s) ?? false;
        if (behindGate) gated++;
        if (behindGate !== marked) wrong.push(`${method.toUpperCase()} ${path}: gated ${behindGate}, marked ${marked}`);
        if (marked) expect(operation.tags).toEqual(['Back office']);
      }
    }
    expect(wrong).toEqual([]);
    expect(gated).toBeGreaterThan(40);
    // The promoter's report and the sign-in links are public (their own key is in the body).
    expect(operationOf('POST', '/promoReport')?.security).toBeUndefined();
    expect(operationOf('POST', '/admin/resetPassword')?.security).toBeUndefined();
  });

  it('is sent compressed, with an ETag that a browser revalidates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 5);
    const again = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is shown at /docs/api by a page of its own, with a policy that lets nothing else in', async () => {
    const page = await t.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-initializer.js');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    // The page reads the same document.
    const json = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` });
    expect(json.json()).toEqual(doc);
    const initializer = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/swagger-initializer.js` });
    expect(initializer.body).toContain('"supportedSubmitMethods":["get"]');
  });

  it("wears the shop's look: its name, its favicon, its fonts and colours, no Swagger top bar", async () => {
    const page = await t.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(page.body).toContain('<title>Murashki shop API</title>');
    expect(page.body).toContain(SHOP_FAVICON_LINK);
    expect(page.body).not.toMatch(/favicon-\d+x\d+\.png/);
    // The shop's stylesheet comes after Swagger UI's, so that it wins.
    const links = [...page.body.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.at(-1)).toBe(`${API_DOCS_PATH}/static/theme/shop.css`);

    const css = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/theme/shop.css` });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(css.body).toContain('--accent: #7b2d3b;');
    expect(css.body).toContain("--font-serif: 'Cormorant Garamond Core'");
    expect(css.body).toMatch(/\.info \.title \{[^}]*font-family: var\(--font-serif\)/);
    // None of Swagger UI's own greens and blues is left to show on the page's main parts.
    expect(css.body).toMatch(/\.opblock-summary-method \{[^}]*background: var\(--charcoal\)/);
    expect(css.body).toMatch(/\.btn\.authorize \{[^}]*color: var\(--accent\)/);

    // Swagger UI's standalone layout is the one with the top bar (its logo and an address box).
    const initializer = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/swagger-initializer.js` });
    expect(initializer.body).toContain('"layout":"BaseLayout"');
  });
});
