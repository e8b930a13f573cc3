import type { Endpoint, ExportEndpoint, FileEndpoint } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint route() (or exportRoute(), for a download) registered this route from. */
    endpoint?: Endpoint | ExportEndpoint | FileEndpoint;
    /** Whether route() put it under the per-address sign-in limit (whatever LOGIN_RATE_LIMIT is). */
    rateLimited?: boolean;
    /** For a WebSocket route: its protocol in a few sentences, for the OpenAPI document. */
    socket?: string;
  }
}

/** One method of one route, as Fastify registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Set when route() or exportRoute() registered it: then its shapes and access rule are known. */
  endpoint?: Endpoint | ExportEndpoint | FileEndpoint;
  rateLimited: boolean;
  /** A WebSocket route's protocol, in words. */
  socket?: string;
}

/**
 * Every route the app registers, seen through Fastify's onRoute hook rather than kept by route(), so
 * a route registered any other way shows up too. The OpenAPI document is built from it, and so covers
 * exactly what is served, whichever module registered it.
 */
export class RouteCatalogue {
  readonly #routes: RegisteredRoute[] = [];

  /** Starts recording; call on the root instance before any route is registered. */
  watch(app: FastifyInstance) {
    app.addHook('onRoute', (options) => {
      for (const method of [options.method].flat()) {
        this.#routes.push({
          method,
          url: options.url,
          endpoint: options.config?.endpoint,
          rateLimited: options.config?.rateLimited === true,
          ...(options.config?.socket ? { socket: options.config.socket } : {}),
        });
      }
    });
  }

  get routes(): readonly RegisteredRoute[] {
    return this.#routes;
  }
}
