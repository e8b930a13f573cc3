import {
  accessCodes,
  API_PREFIX,
  noParams,
  StatusCode,
  text,
  type Endpoint,
  type EndpointAccess,
  type Locale,
} from '@cityops/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, SessionInfo } from './context.js';
import { Answer, ApiError, envelope, localeOf } from './envelope.js';
import { clientGone } from './overload.js';
import { invalidInput, refuseNul } from './validation.js';

export interface RouteInput<E extends Endpoint> {
  /** The path parameters (`:name` segments of the endpoint's path), validated by its `params`. */
  params: z.output<NonNullable<E['params']>>;
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  /** The caller's live session; always set unless the endpoint is public. */
  session: SessionInfo | null;
  request: FastifyRequest;
  locale: Locale;
}

type Data<E extends Endpoint> = z.input<E['data']>;
export type Handler<E extends Endpoint> = (input: RouteInput<E>) => Promise<Data<E> | Answer<Data<E>>>;

/**
 * Whose access a successful change altered, from the request and the answer: their ids, or null for
 * anyone (`true` says the same).
 */
export type AccessChange<E extends Endpoint> =
  | true
  | ((input: RouteInput<E>, data: Data<E>) => readonly number[] | null | Promise<readonly number[] | null>);

export interface RouteOptions<E extends Endpoint = Endpoint> {
  /** Subject to the per-IP sign-in rate limit (LOGIN_RATE_LIMIT). */
  rateLimited?: boolean;
  /**
   * Changes what users hold (roles, permissions, resources): cached permissions are read afresh, and
   * after a success every instance is told whose (AccessService.changed).
   */
  changesAccess?: AccessChange<E>;
}

/** The session of a non-public endpoint's caller (route() has already refused callers without one). */
export function signedIn(input: { session: SessionInfo | null }): SessionInfo {
  if (!input.session) throw new ApiError(StatusCode.SESSION_ENDED, 'session.ended');
  return input.session;
}

/** Whether the user holds at least one of the codes (asked in order, stopping at the first held). */
async function holdsAny(ctx: AppContext, userId: number, codes: readonly string[]): Promise<boolean> {
  for (const code of codes) if (await ctx.access.holds(userId, code)) return true;
  return false;
}

/**
 * Access first, before anything about the request is looked at: 10401 without a live session, 10500
 * without the permission code. Answers the session for non-public endpoints.
 */
async function admit(ctx: AppContext, access: EndpointAccess, request: FastifyRequest) {
  if (access.kind === 'public') return null;
  const session = await ctx.access.sessionOf(request);
  if (!session) throw new ApiError(StatusCode.SESSION_ENDED, 'session.ended');
  // A password an administrator chose is known to two people: nothing else until it is replaced.
  if (access.kind === 'permission' && session.mustChangePassword) {
    throw new ApiError(StatusCode.REJECTED, 'password.mustChange');
  }
  if (access.kind === 'permission' && !(await holdsAny(ctx, session.userId, accessCodes(access)))) {
    throw new ApiError(StatusCode.UNAVAILABLE, 'request.forbidden');
  }
  return session;
}

/** Validates one part of a request with its schema: 10001 naming the field when it does not fit. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: 'query' | 'body' | 'params',
  locale: Locale,
) {
  refuseNul(input, where, locale);
  const parsed = z.safeParse(schema, input);
  if (!parsed.success) throw invalidInput(parsed.error, input, where, locale);
  return parsed.data;
}

/**
 * The query without the timestamp `t` the client adds to every GET (platform-shell.md §7) so that no
 * cache answers it: a matter of transport, so no endpoint's schema needs to know it and none refuses it.
 */
function withoutTimestamp(request: FastifyRequest): unknown {
  const { query } = request;
  if (request.method !== 'GET' && request.method !== 'HEAD') return query;
  if (query === null || typeof query !== 'object' || !('t' in query)) return query;
  const { t: _timestamp, ...rest } = query as Record<string, unknown>;
  return rest;
}

/** What an endpoint declares about its callers and input: JSON endpoints and downloads alike. */
export interface Admission<Q extends z.ZodType, B extends z.ZodType> {
  access: EndpointAccess;
  query: Q;
  body: B;
}

/**
 * What every /api handler does first, in this order: access (before anything about the request is
 * looked at), then the query and the body. Refusals are thrown as ApiError, answered as the envelope.
 */
export async function admitAndParse<Q extends z.ZodType, B extends z.ZodType>(
  app: FastifyInstance,
  endpoint: Admission<Q, B>,
  request: FastifyRequest,
) {
  const locale = localeOf(request);
  const session = await admit(app.cityops, endpoint.access, request);
  const query: z.output<Q> = parseInput<Q>(endpoint.query, withoutTimestamp(request), 'query', locale);
  const body: z.output<B> = parseInput<B>(endpoint.body, request.body, 'body', locale);
  return { locale, session, query, body };
}

/**
 * Registers a contract endpoint under /api: enforces its access, validates query and body with its
 * schemas, checks the handler's answer against its data schema and wraps it in the envelope.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions<E> = {},
) {
  const { LOGIN_RATE_LIMIT } = app.cityops.config;
  const limited = options.rateLimited === true && LOGIN_RATE_LIMIT > 0;
  app.route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    config: {
      endpoint,
      rateLimited: options.rateLimited === true,
      ...(limited ? { rateLimit: { max: LOGIN_RATE_LIMIT, timeWindow: 60_000 } } : {}),
    },
    handler: async (request, reply) => {
      const { locale, session, query, body } = await admitAndParse<E['query'], E['body']>(
        app,
        endpoint,
        request,
      );
      // Nobody waits for the answer any more: the work is not done.
      if (clientGone(request)) return reply.hijack();
      const params = parseInput(
        endpoint.params ?? noParams,
        request.params ?? {},
        'params',
        locale,
      ) as z.output<NonNullable<E['params']>>;
      const input: RouteInput<E> = { params, query, body, session, request, locale };
      const { changesAccess } = options;
      const result = await handler(input).catch((error: unknown) => {
        if (changesAccess) app.cityops.access.forget();
        throw error;
      });
      const answer = result instanceof Answer ? result : new Answer(result, 'level.SUCCESS');
      if (changesAccess) {
        await app.cityops.access.changed(
          changesAccess === true ? null : await changesAccess(input, answer.data),
        );
      }
      const data = z.safeParse(endpoint.data, answer.data);
      if (!data.success) {
        request.log.error(
          { issues: data.error.issues, path: endpoint.path },
          'answer does not match the contract',
        );
        throw new Error(`answer of ${endpoint.path} does not match the contract`);
      }
      return envelope(StatusCode.SUCCESS, text(answer.message, locale), data.data);
    },
  });
}
