import { z } from 'zod';

/**
 * Who may call an endpoint: anyone, anyone with a live session, or a session whose user holds the
 * permission code (or one of `alsoCodes`: a read several pages need, e.g. the products 功能管理 and
 * 模型设置 choose from). The server enforces this for every route it registers from an endpoint.
 */
export type EndpointAccess =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'permission'; code: string; alsoCodes?: readonly string[] };

export const PUBLIC: EndpointAccess = { kind: 'public' };
export const SESSION: EndpointAccess = { kind: 'session' };
/** For holders of `code`, or of any of `alsoCodes`. */
export const permission = (code: string, ...alsoCodes: string[]): EndpointAccess =>
  alsoCodes.length > 0 ? { kind: 'permission', code, alsoCodes } : { kind: 'permission', code };

/** The codes of which a caller must hold one; none for public and session endpoints. */
export const accessCodes = (access: EndpointAccess): readonly string[] =>
  access.kind === 'permission' ? [access.code, ...(access.alsoCodes ?? [])] : [];

/** A page's code, or the first code with the others any of which also admits (see `permission`). */
export type AccessCodes = string | readonly [string, ...string[]];
export const permissionOf = (codes: AccessCodes): EndpointAccess =>
  typeof codes === 'string' ? permission(codes) : permission(...codes);

export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Path under `/api`, as the spec writes it; `:name` segments are path parameters (see `params`). */
  path: string;
  /** The schema of the path parameters, for a path with `:name` segments (e.g. `/sys/resources/:id/delete`). */
  params?: P;
  access: EndpointAccess;
  /**
   * The service that answers it, when not the main API: `messageCenter` calls go to the page setting
   * messageCenterUrl (platform-shell.md §7 Messages: "separate base address").
   */
  service?: 'messageCenter';
  query: Q;
  body: B;
  data: D;
}

export const defineEndpoint = <
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
  P extends z.ZodType = typeof noParams,
>(
  endpoint: Endpoint<Q, B, D, P>,
) => endpoint;

export type EndpointQuery<E extends Endpoint> = z.input<E['query']>;
export type EndpointBody<E extends Endpoint> = z.input<E['body']>;
export type EndpointData<E extends Endpoint> = z.output<E['data']>;
export type EndpointParams<E extends Endpoint> = z.input<NonNullable<E['params']>>;

/**
 * The path of a call: each `:name` segment of the endpoint's path replaced by its parameter, encoded.
 * A parameter missing from `params` is an error, never a literal `:name` sent to the server.
 */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${endpoint.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export const API_PREFIX = '/api';

/** No path parameters (the default of an endpoint whose path has no `:name` segment). */
export const noParams = z.object({}).strict();
/** No query parameters; any given are refused. */
export const noQuery = z.object({}).strict();
/** POST calls without a payload: the client sends `{}` or nothing. */
export const noBody = z.object({}).optional();
/** GET parameters, plus the timestamp `t` the client adds to every GET (platform-shell.md §7). */
export const getQuery = <Shape extends z.ZodRawShape>(shape: Shape = {} as Shape) =>
  z.object({ ...shape, t: z.string().optional() });
