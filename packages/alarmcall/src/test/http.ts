import type { HttpClient } from '@cityops/client';

/** An http client whose every call answers `call(body)`, for tests (the endpoint is passed along). */
export function fakeHttp(call: (body: unknown, endpoint: unknown) => Promise<unknown>): HttpClient {
  return {
    call: (endpoint: unknown, options?: { body?: unknown }) => call(options?.body, endpoint),
  } as unknown as HttpClient;
}
