import {
  authEndpoints,
  defineEndpoint,
  editionEndpoints,
  editionPackage,
  OCTET_STREAM,
  messageEndpoints,
  noQuery,
  permission,
  systemEndpoints,
  logExports,
  userExport,
  XLSX_CONTENT_TYPE,
  type Endpoint,
  type ExportEndpoint,
  type FileEndpoint,
} from '@cityops/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { RouteCatalogue } from './catalogue.js';
import { isApiPath } from './envelope.js';
import { accessRule } from './openapi.js';
import { route } from './route.js';

/** What the document must hold for its readers; written here so the test does not trust the builder. */
const schemaShape = z.union([z.boolean(), z.record(z.string(), z.unknown())]);
const jsonContent = z.strictObject({ 'application/json': z.strictObject({ schema: schemaShape }) });
const formContent = z.strictObject({ 'multipart/form-data': z.strictObject({ schema: schemaShape }) });
const binary = z.strictObject({
  schema: z.strictObject({ type: z.literal('string'), format: z.literal('binary') }),
});
const operationShape = z.strictObject({
  operationId: z.string().min(1),
  summary: z.string().min(1),
  description: z.string().min(1),
  'x-access': z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('public') }),
    z.strictObject({ kind: z.literal('session') }),
    z.strictObject({
      kind: z.literal('permission'),
      code: z.string().min(1),
      alsoCodes: z.array(z.string().min(1)).min(1).optional(),
    }),
  ]),
  'x-rate-limited': z.literal(true).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  parameters: z.array(
    z.strictObject({ name: z.string(), in: z.literal('query'), required: z.boolean(), schema: schemaShape }),
  ),
  requestBody: z
    .strictObject({ required: z.boolean(), content: z.union([jsonContent, formContent]) })
    .optional(),
  responses: z.strictObject({
    '200': z.strictObject({
      description: z.string(),
      // A download answers its file, or the JSON refusal.
      content: z.union([
        jsonContent,
        z.strictObject({
          'application/json': z.strictObject({ schema: schemaShape }),
          [XLSX_CONTENT_TYPE]: binary,
        }),
        z.strictObject({
          'application/json': z.strictObject({ schema: schemaShape }),
          [OCTET_STREAM]: binary,
        }),
      ]),
    }),
  }),
});
const socketShape = z.strictObject({
  operationId: z.string().min(1),
  summary: z.string().startsWith('WebSocket '),
  description: z.string().min(1),
  'x-websocket': z.literal(true),
  security: z.tuple([]),
  parameters: z.tuple([]),
  responses: z.strictObject({ '101': z.strictObject({ description: z.string() }) }),
});
const documentShape = z.strictObject({
  openapi: z.literal('3.1.0'),
  info: z.strictObject({ title: z.string().min(1), version: z.string().min(1), description: z.string() }),
  paths: z.record(
    z.string().startsWith('/api/'),
    z.partialRecord(z.enum(['get', 'post']), z.union([operationShape, socketShape])),
  ),
  components: z.strictObject({
    securitySchemes: z.record(
      z.string(),
      z.strictObject({
        type: z.literal('apiKey'),
        in: z.literal('header'),
        name: z.string(),
        description: z.string(),
      }),
    ),
    schemas: z.record(z.string(), schemaShape),
  }),
});
type Document = z.infer<typeof documentShape>;

/** A tree node (recursive) with a date turned into text: neither has a plain JSON Schema. */
type Node = { name: string; children: Node[] };
const node: z.ZodType<Node> = z.object({ name: z.string(), children: z.array(z.lazy(() => node)) });
const awkward = defineEndpoint({
  method: 'POST',
  path: '/test/openapi/awkward',
  access: permission('probe_code'),
  query: noQuery,
  body: z.object({ at: z.string().transform((value) => new Date(value)) }),
  data: z.object({ tree: node, checked: z.custom<string>((value) => typeof value === 'string') }),
});

let t: TestApp;
let token: string;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  route(t.app, awkward, async () => ({ tree: { name: 'root', children: [] }, checked: 'yes' }));
  token = await t.token('admin', 'Admin@123');
  const answer = await t.call('GET', '/api/docs', { token });
  expect(answer.json.status_code).toBe(1);
  doc = documentShape.parse(answer.json.data);
});
afterAll(() => t.close());

const operationOf = (endpoint: Endpoint | ExportEndpoint | FileEndpoint) => {
  const found = doc.paths[`/api${endpoint.path}`]?.[endpoint.method === 'GET' ? 'get' : 'post'];
  return found && 'x-access' in found ? found : undefined;
};

/** The JSON body an operation takes (an upload takes a form instead). */
const jsonBodyOf = (endpoint: Endpoint | ExportEndpoint) => {
  const content = operationOf(endpoint)?.requestBody?.content;
  return content && 'application/json' in content ? content['application/json'].schema : undefined;
};

/** Every `$ref` anywhere in a value. */
function references(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) references(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else references(inner, found);
    }
  }
  return found;
}

describe('the OpenAPI document at /api/docs', () => {
  it('is served to signed-in users only', async () => {
    expect((await t.call('GET', '/api/docs')).json).toMatchObject({ status_code: 10401, data: null });
    expect(operationOf(systemEndpoints.apiDocs)?.['x-access']).toEqual({ kind: 'session' });
  });

  it('describes every /api route the server registered, with its method', () => {
    const registered = t.app.cityops.routes.routes.filter((entry) => isApiPath(entry.url));
    expect(registered.length).toBeGreaterThan(30);
    // Fastify adds a HEAD route to every GET; it answers as the GET, which is what is described.
    const undescribed = registered.filter(({ method, url }) => {
      const described = method === 'HEAD' ? 'get' : method.toLowerCase();
      return !Object.hasOwn(doc.paths[url] ?? {}, described);
    });
    expect(undescribed, 'register /api routes with route() so they are described and checked').toEqual([]);
    for (const path of Object.keys(doc.paths)) {
      for (const method of Object.keys(doc.paths[path] ?? {})) {
        expect(t.app.hasRoute({ method: method.toUpperCase(), url: path }), `${method} ${path}`).toBe(true);
      }
    }
  });

  it("states every operation's access rule, as the contract declares it", () => {
    for (const { method, url, endpoint } of t.app.cityops.routes.routes) {
      if (!endpoint || method === 'HEAD') continue;
      const described = operationOf(endpoint);
      expect(described?.['x-access'], url).toEqual(endpoint.access);
      expect(described?.description.startsWith(accessRule(endpoint.access)), url).toBe(true);
      expect(described?.security, url).toEqual(
        endpoint.access.kind === 'public' ? [] : [{ accessToken: [] }],
      );
    }
    expect(doc.components.securitySchemes['accessToken']).toMatchObject({
      in: 'header',
      name: 'Access-Token',
    });
  });

  it('names the permission code a permission endpoint needs', () => {
    const messages = operationOf(messageEndpoints.pageList);
    expect(messages?.['x-access']).toEqual({ kind: 'permission', code: 'msg_page' });
    expect(messages?.description).toContain('msg_page');
    expect(operationOf(authEndpoints.login)).toMatchObject({ 'x-access': { kind: 'public' }, security: [] });
    expect(operationOf(authEndpoints.login)?.['x-rate-limited']).toBe(true);
  });

  it('describes parameters, bodies and the envelope from the contract', () => {
    expect(operationOf(authEndpoints.dictionary)?.parameters).toContainEqual(
      expect.objectContaining({ name: 'dicCode', in: 'query', required: true }),
    );
    const login = operationOf(authEndpoints.login)?.requestBody;
    expect(login?.required).toBe(true);
    expect(jsonBodyOf(authEndpoints.login)).toMatchObject({
      required: expect.arrayContaining(['userName', 'password']),
    });
    expect(operationOf(authEndpoints.logout)?.requestBody?.required).toBe(false);
    expect(operationOf(systemEndpoints.health)?.requestBody).toBeUndefined();
    const answer = operationOf(systemEndpoints.health)?.responses['200'].content['application/json'].schema;
    expect(answer).toMatchObject({
      oneOf: [
        { properties: { status_code: { const: 1 }, data: { properties: { ok: { const: true } } } } },
        { $ref: '#/components/schemas/Refusal' },
      ],
    });
  });

  it('describes shapes JSON Schema cannot say, and recursive ones, with every $ref inside the document', () => {
    const probe = operationOf(awkward);
    expect(probe?.['x-access']).toEqual({ kind: 'permission', code: 'probe_code' });
    const refs = references(doc);
    expect(refs.length).toBeGreaterThan(1);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(Object.hasOwn(doc.components.schemas, ref.split('/').pop() ?? ''), ref).toBe(true);
    }
    expect(references(probe).some((ref) => ref.includes('post_test_openapi_awkward'))).toBe(true);
  });

  it('describes the downloads: the filter from the contract, the file or the refusal', () => {
    for (const endpoint of [userExport, logExports.signIns, logExports.operations]) {
      const download = operationOf(endpoint);
      expect(download?.['x-access'], endpoint.path).toEqual(endpoint.access);
      expect(download?.description.startsWith(accessRule(endpoint.access))).toBe(true);
      expect(download?.requestBody?.required).toBe(true);
      expect(download?.responses['200'].content).toEqual({
        [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } },
        'application/json': { schema: { $ref: '#/components/schemas/Refusal' } },
      });
    }
    const filter = jsonBodyOf(userExport);
    expect(filter).toMatchObject({ properties: { name: expect.anything(), status: expect.anything() } });
    expect(Object.keys((filter as { properties: object }).properties)).not.toContain('pageNum');
    expect(operationOf(logExports.signIns)?.['x-access']).toEqual({
      kind: 'permission',
      code: 'logManage_export',
    });
  });

  it('describes an upload as a form of its fields and its file, and a stored file as its bytes', () => {
    const form = operationOf(editionEndpoints.publish)?.requestBody;
    expect(form?.required).toBe(true);
    expect(form?.content).toMatchObject({
      'multipart/form-data': {
        schema: {
          properties: { platform: expect.anything(), version: expect.anything(), file: { format: 'binary' } },
          required: expect.arrayContaining(['platform', 'version', 'file']),
        },
      },
    });
    const file = operationOf(editionPackage);
    expect(file?.['x-access']).toEqual({ kind: 'public' });
    expect(file?.responses['200'].content).toEqual({
      [OCTET_STREAM]: { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: { $ref: '#/components/schemas/Refusal' } },
    });
  });

  it('gives every operation an id of its own', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the route catalogue', () => {
  it('sees routes registered without route(), so none can hide from the document', async () => {
    const app = Fastify();
    const catalogue = new RouteCatalogue();
    catalogue.watch(app);
    app.get('/api/bare', async () => 'no contract');
    await app.ready();
    expect(catalogue.routes).toEqual([
      { method: 'GET', url: '/api/bare', endpoint: undefined, rateLimited: false },
      { method: 'HEAD', url: '/api/bare', endpoint: undefined, rateLimited: false },
    ]);
    await app.close();
  });
});
