import {
  accessCodes,
  envelopeSchema,
  HEADER_ACCESS_TOKEN,
  StatusCode,
  XLSX_CONTENT_TYPE,
  type Endpoint,
  type EndpointAccess,
  type ExportEndpoint,
  type FileEndpoint,
  isUpload,
  OCTET_STREAM,
} from '@cityops/contract';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import type { RegisteredRoute } from './catalogue.js';

type JsonSchema = z.core.JSONSchema.JSONSchema;
type PropertySchema = z.core.JSONSchema._JSONSchema;

export type OpenApiParameter = { name: string; in: 'query'; required: boolean; schema: PropertySchema };

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description: string;
  /** The endpoint's access rule as the contract declares it, for tools that check or list them. */
  'x-access': EndpointAccess;
  'x-rate-limited'?: true;
  security: Record<string, string[]>[];
  parameters: OpenApiParameter[];
  requestBody?: {
    required: boolean;
    content:
      { 'application/json': { schema: JsonSchema } } | { 'multipart/form-data': { schema: JsonSchema } };
  };
  responses: {
    '200': {
      description: string;
      /** A download (an export, a stored file) also answers the file, as its own type. */
      content: {
        'application/json': { schema: JsonSchema };
        [XLSX_CONTENT_TYPE]?: { schema: JsonSchema };
        [OCTET_STREAM]?: { schema: JsonSchema };
      };
    };
  };
};

/** A WebSocket: a GET that upgrades, its protocol told in words (OpenAPI has no schema for frames). */
export type OpenApiSocketOperation = {
  operationId: string;
  summary: string;
  description: string;
  'x-websocket': true;
  security: [];
  parameters: [];
  responses: { '101': { description: string } };
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation | OpenApiSocketOperation>>;
  components: {
    securitySchemes: Record<string, { type: 'apiKey'; in: 'header'; name: string; description: string }>;
    schemas: Record<string, JsonSchema>;
  };
};

const SECURITY_SCHEME = 'accessToken';
const REFUSAL = 'Refusal';
const LOCAL_DEFS = '#/$defs/';

const DESCRIPTION = `Every answer is HTTP 200 with the envelope {status_code, message, data}: status_code 1 is
success and data is as described per operation; otherwise data is null and message is the reason to show:
10001 rejected (bad input names the field and the rule), 10401/10002/10008 session ended, 10402 no valid
licence, 10500 no permission or service unavailable. Signed-in calls carry the session token in the
${HEADER_ACCESS_TOKEN} header.`;

/** The access rule in words, as the operation's description says it. */
export function accessRule(access: EndpointAccess): string {
  switch (access.kind) {
    case 'public':
      return 'Public: anyone may call it, signed in or not.';
    case 'session':
      return `Signed-in users: needs a live session (${HEADER_ACCESS_TOKEN} header); 10401 without one.`;
    case 'permission':
      return (
        `Permission ${accessCodes(access).join(' or ')}: needs a live session (${HEADER_ACCESS_TOKEN} header) ` +
        `whose user holds ${accessCodes(access).join(' or ')} (codes match ignoring case); 10401 without a ` +
        `session, 10500 without the permission.`
      );
  }
}

/** Points zod's schema-local `#/$defs/…` references at the document's components instead. */
function retarget(node: unknown, prefix: string): void {
  if (Array.isArray(node)) {
    for (const item of node) retarget(item, prefix);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(LOCAL_DEFS)) {
      Reflect.set(node, key, `#/components/schemas/${prefix}${value.slice(LOCAL_DEFS.length)}`);
    } else {
      retarget(value, prefix);
    }
  }
}

/**
 * A zod schema as JSON Schema. What JSON Schema cannot say (transforms, custom checks) becomes "any"
 * instead of failing. Recursive parts come out as `$defs` referenced from `#`, which in an OpenAPI
 * document means the document itself, so they move to the components under names of their own.
 */
function jsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  name: string,
  shared: Record<string, JsonSchema>,
): JsonSchema {
  const { $schema: _, $defs, ...body } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  if (!$defs) return body;
  const prefix = `${name}_`;
  retarget(body, prefix);
  for (const [key, part] of Object.entries($defs)) {
    retarget(part, prefix);
    shared[`${prefix}${key}`] = part;
  }
  return body;
}

type AnyEndpoint = Endpoint | ExportEndpoint | FileEndpoint;

const operationIdOf = (endpoint: AnyEndpoint) =>
  `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+/g, '_')}`;

const isExport = (endpoint: AnyEndpoint): endpoint is ExportEndpoint =>
  'kind' in endpoint && endpoint.kind === 'export';
const isFile = (endpoint: AnyEndpoint): endpoint is FileEndpoint =>
  'kind' in endpoint && endpoint.kind === 'file';

/** What an operation answers: the envelope with its data, or for a download the file or a refusal. */
function responsesOf(
  endpoint: AnyEndpoint,
  id: string,
  shared: Record<string, JsonSchema>,
): OpenApiOperation['responses'] {
  const refusal = { $ref: `#/components/schemas/${REFUSAL}` };
  if (isExport(endpoint)) {
    return {
      '200': {
        description:
          'The .xlsx file of every row the filter selects (attachment, X-Total-Count when known), or a ' +
          'refusal: the envelope with data null, before any file starts.',
        content: {
          [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } },
          'application/json': { schema: refusal },
        },
      },
    };
  }
  if (isFile(endpoint)) {
    return {
      '200': {
        description:
          'The stored file (attachment, its SHA-256 in X-Checksum-Sha256), or a refusal: the envelope ' +
          'with data null, before any file starts.',
        content: {
          [OCTET_STREAM]: { schema: { type: 'string', format: 'binary' } },
          'application/json': { schema: refusal },
        },
      },
    };
  }
  const answer = envelopeSchema(endpoint.data).extend({ status_code: z.literal(StatusCode.SUCCESS) });
  return {
    '200': {
      description: 'The envelope: success with the data below, or a refusal with data null.',
      content: {
        'application/json': {
          schema: { oneOf: [jsonSchema(answer, 'output', `${id}_data`, shared), refusal] },
        },
      },
    },
  };
}

/** An upload's form: its text fields, then the file part. */
function withFile(fields: JsonSchema, upload: { field: string; maxBytes: number }): JsonSchema {
  const file: JsonSchema = {
    type: 'string',
    format: 'binary',
    description: `At most ${upload.maxBytes} bytes; after the fields.`,
  };
  return {
    ...fields,
    properties: { ...fields.properties, [upload.field]: file },
    required: [...(fields.required ?? []), upload.field],
    additionalProperties: false,
  };
}

function operation(route: RegisteredRoute, endpoint: AnyEndpoint, shared: Record<string, JsonSchema>) {
  const id = operationIdOf(endpoint);
  const query = jsonSchema(endpoint.query, 'input', `${id}_query`, shared);
  const required = new Set(query.required ?? []);
  const parameters = Object.entries(query.properties ?? {}).map(([name, schema]): OpenApiParameter => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
  const rule = accessRule(endpoint.access);
  const result: OpenApiOperation = {
    operationId: id,
    summary: `${endpoint.method} ${route.url}`,
    description: route.rateLimited
      ? `${rule}\n\nShares the per-address limit of the sign-in calls (LOGIN_RATE_LIMIT a minute).`
      : rule,
    'x-access': endpoint.access,
    ...(route.rateLimited ? { 'x-rate-limited': true as const } : {}),
    security: endpoint.access.kind === 'public' ? [] : [{ [SECURITY_SCHEME]: [] }],
    parameters,
    responses: responsesOf(endpoint, id, shared),
  };
  // A GET's body is never read; a POST's is validated by the body schema, absent allowed if it says so.
  if (endpoint.method !== 'GET') {
    const body = jsonSchema(endpoint.body, 'input', `${id}_body`, shared);
    result.requestBody = isUpload(endpoint)
      ? { required: true, content: { 'multipart/form-data': { schema: withFile(body, endpoint.upload) } } }
      : {
          required: !z.safeParse(endpoint.body, undefined).success,
          content: { 'application/json': { schema: body } },
        };
  }
  return result;
}

const refusalSchema = envelopeSchema(z.null()).extend({
  status_code: z.literal(Object.values(StatusCode).filter((code) => code !== StatusCode.SUCCESS)),
});

/**
 * The OpenAPI 3.1 document of every route registered from a contract endpoint (JSON endpoints and
 * downloads) and of every socket, in registration order.
 * HEAD routes are left out: Fastify adds one for every GET, and it answers as the GET does.
 */
export function openApiDocument(routes: readonly RegisteredRoute[]): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  schemas[REFUSAL] = jsonSchema(refusalSchema, 'output', REFUSAL, schemas);
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (route.method === 'HEAD') continue;
    if (route.socket) {
      (paths[route.url] ??= {}).get = {
        operationId: `socket${route.url.replace(/[^A-Za-z0-9]+/g, '_')}`,
        summary: `WebSocket ${route.url}`,
        description: route.socket,
        'x-websocket': true,
        security: [],
        parameters: [],
        responses: { '101': { description: 'Switching protocols: the socket is open.' } },
      };
      continue;
    }
    if (!route.endpoint) continue;
    const item = (paths[route.url] ??= {});
    item[route.method.toLowerCase()] = operation(route, route.endpoint, schemas);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'CityOps API', version: packageJson.version, description: DESCRIPTION },
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: HEADER_ACCESS_TOKEN,
          description: 'The token sign-in answers; the session it names slides forward with each call.',
        },
      },
      schemas,
    },
  };
}
