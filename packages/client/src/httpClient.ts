import { z } from 'zod';
import {
  DEFAULT_LOCALE,
  HEADER_ACCESS_TOKEN,
  HEADER_PAGE_PATH,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDED_CODES,
  StatusCode,
  anyEnvelopeSchema,
  pathOf,
  signInTexts,
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointParams,
  type EndpointQuery,
  type Envelope,
  type ExportEndpoint,
  type FileEndpoint,
  type Locale,
  type TextKey,
  type UploadEndpoint,
  OCTET_STREAM,
} from '@cityops/contract';
import { ApiError, type ApiErrorKind } from './apiError.js';
import {
  DOWNLOAD_ACCEPT,
  downloadExport,
  fetchFile,
  FILE_DOWNLOAD,
  type DownloadOptions,
  type PreparedRequest,
  type SavedFile,
} from './download.js';
import { sendForm, uploadForm, type UploadOptions, type UploadOutcome } from './upload.js';
import { buildQuery, type QueryParams, type QueryScalar, type QueryValue } from './query.js';

type LevelOf<K> = K extends `level.${infer Level}` ? Level : never;
/** Levels of the message helper (platform-shell.md §8), as the contract's `level.*` texts name them. */
export type MessageLevel = LevelOf<TextKey>;

/** What the client says itself when no answer can be read (§8). */
export type ServiceTextKey = Extract<TextKey, `service.${string}`> & keyof (typeof signInTexts)['zh-CN'];

/**
 * The UI side effects of the error catalogue, injected so that the client runs (and is tested)
 * without a browser. The shell wires them to antd, the cookies and the router.
 */
export interface HttpClientHandlers {
  /** One message at a time; `text` is already in the user's language. */
  showMessage(level: MessageLevel, text: string): void;
  /** A session-ended code clears the token cookies (platform-shell.md §4, Session). */
  clearSession(): void;
  /**
   * Opens the 确定登出 box; resolves true for 重新登录, false for staying on the page. A sub-app's
   * frame hands the code to the shell instead, which opens the one box there.
   */
  confirmLoggedOut(statusCode: number): Promise<boolean>;
  /** 重新登录: log out and reload the page. */
  relogin(): void;
  clearLicenceCookie(): void;
  navigate(path: string): void;
}

export interface HttpClientOptions {
  /** Base service address from the page settings, e.g. `/api`. */
  baseUrl: string;
  /**
   * Base addresses of the other services an endpoint may name (`Endpoint.service`), e.g. the page
   * setting messageCenterUrl; an endpoint of a service not given here goes to `baseUrl`.
   */
  serviceUrls?: Partial<Record<NonNullable<Endpoint['service']>, string>>;
  getToken(): string | null;
  /** The current page path, sent as `Page-Path`. */
  getPagePath(): string;
  getLocale?(): Locale;
  handlers: HttpClientHandlers;
}

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  /**
   * Rejects without a message or the 确定登出 box, for callers that report the outcome themselves
   * (the route guard, logout). Cookies and the licence redirect are still handled.
   */
  quiet?: boolean;
  signal?: AbortSignal;
}

export interface CallOptions<E extends Endpoint> {
  /** Path parameters, for an endpoint whose path has `:name` segments. */
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  quiet?: boolean;
  signal?: AbortSignal;
}

export interface HttpClient {
  /** Calls a contract endpoint and answers its parsed, typed data. */
  call<E extends Endpoint>(endpoint: E, options?: CallOptions<E>): Promise<EndpointData<E>>;
  get(path: string, options?: Omit<RequestOptions, 'body'>): Promise<unknown>;
  post(path: string, options?: RequestOptions): Promise<unknown>;
  /**
   * Downloads an export and saves it under the server's file name. Refusals behave as in `call`
   * (the message, the 确定登出 box); resolves once the browser was handed the file.
   */
  download<E extends ExportEndpoint>(endpoint: E, options?: DownloadOptions<E>): Promise<SavedFile>;
  /**
   * Uploads a file with the form's fields (multipart), reporting progress; answers the endpoint's
   * data, and refusals behave as in `call`.
   */
  /** Downloads a stored file (a package) and saves it under the server's name, as `download` does. */
  downloadFile<E extends FileEndpoint>(
    endpoint: E,
    options: { params: z.input<E['params']>; onProgress?: DownloadOptions<ExportEndpoint>['onProgress'] },
  ): Promise<SavedFile>;
  /**
   * Fetches a stored file (a photo to show) without saving it. Refusals behave as in `call`, and
   * `quiet` keeps a refusal's message to the caller as it does there.
   */
  fetchFile<E extends FileEndpoint>(
    endpoint: E,
    options: { params: z.input<E['params']>; signal?: AbortSignal; quiet?: boolean },
  ): Promise<Blob>;
  upload<E extends UploadEndpoint>(endpoint: E, options: UploadOptions<E>): Promise<EndpointData<E>>;
  /**
   * A session-ended code seen elsewhere (a sub-app's frame): the same handling as one of our own
   * calls, so the user sees one 确定登出 box however many calls and frames hit it.
   */
  sessionEnded(statusCode: number): void;
}

/** HTTP statuses 1-500 carry an answer to read; anything else means no service answered (§8). */
const isValidHttpStatus = (status: number) => status >= 1 && status <= 500;

const isScalar = (value: unknown): value is QueryScalar =>
  value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Query objects come from contract schemas; keep what a query string can carry, JSON the rest. */
function toQueryParams(query: unknown): QueryParams {
  if (typeof query !== 'object' || query === null) return {};
  const params: Record<string, QueryValue> = {};
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value))
      params[name] = value.map((item) => (isScalar(item) ? item : JSON.stringify(item)));
    else params[name] = isScalar(value) ? value : JSON.stringify(value);
  }
  return params;
}

/** Header values must be Latin-1; a path is percent-encoded already, but be safe with hand-made ones. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]+/gu, (run) => encodeURIComponent(run));

/** How many times a request the server was too busy for is sent again. */
const BUSY_RETRIES = 3;
/** The longest a Retry-After is waited for, whatever the server asks. */
const BUSY_WAIT_MAX_MS = 5_000;

/** The wait a busy answer (503 with Retry-After in seconds) asks for; null for any other answer. */
function busyWaitMs(response: Response): number | null {
  if (response.status !== 503) return null;
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  return Math.min(seconds * 1000, BUSY_WAIT_MAX_MS);
}

/** Waits `ms`, or less when `signal` aborts (the fetch after it then rejects at once). */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

type FetchOutcome = { kind: 'answered'; json: unknown } | { kind: 'network' | 'timeout' | 'aborted' };

/** One fetch under the 180 s limit (reading the body included), with the caller's abort forwarded. */
async function fetchJson(
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
): Promise<FetchOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    let response = await fetch(url, { ...init, signal: controller.signal });
    // A busy server answers 503 with Retry-After before doing any work (server http/overload.ts), so
    // the same request, a sign-in included, is sent again after the wait, within the one time limit.
    for (let retry = 1; retry <= BUSY_RETRIES; retry += 1) {
      const wait = busyWaitMs(response);
      if (wait === null) break;
      await pause(wait, controller.signal);
      response = await fetch(url, { ...init, signal: controller.signal });
    }
    if (!isValidHttpStatus(response.status)) return { kind: 'network' };
    // A valid status with a body that is not JSON is still an answer; the envelope check rejects it.
    const json: unknown = await response.json().catch(() => null);
    if (controller.signal.aborted) return { kind: timedOut ? 'timeout' : 'aborted' };
    return { kind: 'answered', json };
  } catch {
    if (timedOut) return { kind: 'timeout' };
    return { kind: signal?.aborted ? 'aborted' : 'network' };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { baseUrl, getToken, getPagePath, handlers } = options;
  /** Where an endpoint is answered: its service's base address, or the main API's. */
  const baseOf = (endpoint: Pick<Endpoint, 'service'>) =>
    (endpoint.service && options.serviceUrls?.[endpoint.service]) || baseUrl;
  // From the login's small catalogue: the client ships with the light login.
  const say = (key: ServiceTextKey) => signInTexts[options.getLocale?.() ?? DEFAULT_LOCALE][key];
  let confirmOpen = false;

  const fail = (error: ApiError, quiet: boolean, key: ServiceTextKey): never => {
    if (!quiet) handlers.showMessage('FAIL', error.message || say(key));
    throw error;
  };

  function sessionEnded(quiet: boolean, statusCode: number) {
    handlers.clearSession();
    if (quiet || confirmOpen) return;
    confirmOpen = true;
    handlers.confirmLoggedOut(statusCode).then(
      (relogin) => {
        confirmOpen = false;
        if (relogin) handlers.relogin();
      },
      () => {
        confirmOpen = false;
      },
    );
  }

  /** The behaviours of platform-shell.md §8 by status_code. */
  function settle<S extends z.ZodType>(envelope: Envelope, dataSchema: S, quiet: boolean): z.output<S> {
    const code = envelope.status_code;
    if (code === StatusCode.SUCCESS) {
      // The envelope itself was parsed already; this completes `envelopeSchema(dataSchema)`.
      const parsed = dataSchema.safeParse(envelope.data);
      if (parsed.success) return parsed.data;
      return fail(new ApiError('invalid-response', say('service.unavailable')), quiet, 'service.unavailable');
    }
    const error = new ApiError('status', envelope.message, envelope);
    if (code === StatusCode.LICENCE) {
      handlers.clearLicenceCookie();
      handlers.navigate('/license');
      throw error;
    }
    if (SESSION_ENDED_CODES.includes(code)) {
      sessionEnded(quiet, code);
      throw error;
    }
    return fail(error, quiet, 'service.unavailable');
  }

  /** Address and fetch options of a call: the §7 headers, the GET timestamp, the JSON body. */
  function prepare(
    method: 'GET' | 'POST',
    path: string,
    request: Pick<RequestOptions, 'query' | 'body'>,
    accept: string,
    base = baseUrl,
  ): PreparedRequest {
    const query = method === 'GET' ? { ...request.query, t: Date.now() } : request.query;
    const headers: Record<string, string> = {
      Accept: accept,
      'Accept-Language': options.getLocale?.() ?? DEFAULT_LOCALE,
      [HEADER_PAGE_PATH]: headerSafe(getPagePath()),
    };
    const token = getToken();
    if (token) headers[HEADER_ACCESS_TOKEN] = headerSafe(token);
    let body: string | undefined;
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body ?? {});
    }
    const url = `${base}${path}${buildQuery(query)}`;
    return { url, init: { method, headers, body, credentials: 'same-origin' } };
  }

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    request: RequestOptions,
    dataSchema: S,
    base = baseUrl,
  ): Promise<z.output<S>> {
    const { url, init } = prepare(method, path, request, 'application/json', base);
    return answered(await fetchJson(url, init, request.signal), dataSchema, request.quiet ?? false);
  }

  /** What a call's answer means: its data, or the refusal, the lost service or the abort as §8 handles them. */
  function answered<S extends z.ZodType>(
    outcome: FetchOutcome | UploadOutcome,
    dataSchema: S,
    quiet: boolean,
  ): z.output<S> {
    if (outcome.kind === 'aborted') throw new ApiError('aborted', say('service.noService'));
    if (outcome.kind !== 'answered') {
      return fail(new ApiError(outcome.kind, say('service.noService')), quiet, 'service.noService');
    }

    const envelope = anyEnvelopeSchema.safeParse(outcome.json);
    if (!envelope.success) {
      return fail(new ApiError('invalid-response', say('service.unavailable')), quiet, 'service.unavailable');
    }
    return settle(envelope.data, dataSchema, quiet);
  }

  const outcomesOf = (quiet: boolean) => ({
    // A download never answers data in JSON: an envelope here is a refusal (or a broken server).
    refused: (envelope: Envelope) => settle(envelope, z.never(), quiet),
    failed: (kind: ApiErrorKind, key: ServiceTextKey) => fail(new ApiError(kind, say(key)), quiet, key),
    aborted: () => new ApiError('aborted', say('service.noService')),
  });
  const downloadOutcomes = outcomesOf(false);
  const storedFile = <E extends FileEndpoint>(endpoint: E, params: z.input<E['params']>) =>
    prepare(
      endpoint.method,
      pathOf(endpoint, params as Record<string, unknown>),
      {},
      `${OCTET_STREAM}, application/json`,
    );

  return {
    call: <E extends Endpoint>(endpoint: E, call: CallOptions<E> = {}): Promise<EndpointData<E>> =>
      request<E['data']>(
        endpoint.method,
        pathOf(endpoint, call.params ?? {}),
        { query: toQueryParams(call.query), body: call.body, quiet: call.quiet, signal: call.signal },
        endpoint.data,
        baseOf(endpoint),
      ),
    downloadFile: (endpoint, download) =>
      downloadExport(storedFile(endpoint, download.params), downloadOutcomes, download, FILE_DOWNLOAD),
    fetchFile: async (endpoint, options) => {
      const outcomes = outcomesOf(options.quiet ?? false);
      const { file } = await fetchFile(
        storedFile(endpoint, options.params),
        outcomes,
        options,
        FILE_DOWNLOAD,
      );
      return file;
    },
    download: (endpoint, download = {}) =>
      downloadExport(
        prepare(
          endpoint.method,
          endpoint.path,
          { query: toQueryParams(download.query), body: download.body },
          DOWNLOAD_ACCEPT,
        ),
        downloadOutcomes,
        download,
      ),
    upload: async <E extends UploadEndpoint>(
      endpoint: E,
      upload: UploadOptions<E>,
    ): Promise<EndpointData<E>> => {
      const { url, init } = prepare(
        endpoint.method,
        pathOf(endpoint),
        {},
        'application/json',
        baseOf(endpoint),
      );
      // The browser sets the form's content type, with its boundary.
      const { 'Content-Type': _json, ...headers } = init.headers as Record<string, string>;
      const form = uploadForm(upload.body ?? {}, endpoint.upload.field, upload.file);
      return answered<E['data']>(await sendForm(url, headers, form, upload), endpoint.data, false);
    },
    get: (path, plain = {}) => request('GET', path, plain, z.unknown()),
    post: (path, plain = {}) => request('POST', path, plain, z.unknown()),
    sessionEnded: (statusCode) => sessionEnded(false, statusCode),
  };
}
