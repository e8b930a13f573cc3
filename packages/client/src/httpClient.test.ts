import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REQUEST_TIMEOUT_MS,
  authEndpoints,
  defineEndpoint,
  PUBLIC,
  messageEndpoints,
  resourceEndpoints,
} from '@cityops/contract';
import { z } from 'zod';
import { ApiError } from './apiError.js';
import { createHttpClient, type HttpClientHandlers } from './httpClient.js';

const loginData = {
  token: 'tok',
  userType: 1,
  permissions: ['admin'],
  userName: 'admin',
  userId: 1,
  areaIds: [],
  projectId: null,
};

const fetchMock = vi.fn<typeof fetch>();
const answer = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
const envelope = (status_code: number, message = '', data: unknown = null) => ({
  status_code,
  message,
  data,
});

let confirmResolvers: ((relogin: boolean) => void)[];
let handlers: { [K in keyof HttpClientHandlers]: ReturnType<typeof vi.fn<HttpClientHandlers[K]>> };
let token: string | null;

function client(locale: 'zh-CN' | 'en-US' = 'zh-CN', messageCenter?: string) {
  return createHttpClient({
    baseUrl: '/api',
    ...(messageCenter === undefined ? {} : { serviceUrls: { messageCenter } }),
    getToken: () => token,
    getPagePath: () => '/admin/userManage',
    getLocale: () => locale,
    handlers,
  });
}

/** The request fetch was called with, by call number. */
function sent(n = 0) {
  const [input, init] = fetchMock.mock.calls[n] ?? [];
  const url = new URL(String(input), 'http://host');
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  token = 'tok-123';
  confirmResolvers = [];
  handlers = {
    showMessage: vi.fn(),
    clearSession: vi.fn(),
    confirmLoggedOut: vi.fn(() => new Promise<boolean>((resolve) => confirmResolvers.push(resolve))),
    relogin: vi.fn(),
    clearLicenceCookie: vi.fn(),
    navigate: vi.fn(),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('posts the body as JSON to the base address with the token and page-path headers', async () => {
    fetchMock.mockResolvedValue(answer(envelope(1, '', loginData)));
    const data = await client().call(authEndpoints.login, {
      body: { userName: 'admin', password: 'Admin@123' },
    });
    expect(data).toEqual(loginData);
    const { url, init, headers } = sent();
    expect(url.pathname).toBe('/api/login/doLoginNoVerCode');
    expect(url.search).toBe('');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ userName: 'admin', password: 'Admin@123' });
    expect(headers.get('Access-Token')).toBe('tok-123');
    expect(headers.get('Page-Path')).toBe('/admin/userManage');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('sends no Access-Token header when signed out', async () => {
    token = null;
    fetchMock.mockResolvedValue(answer(envelope(1, '', null)));
    await client().call(authEndpoints.logout);
    expect(sent().headers.has('Access-Token')).toBe(false);
  });

  it('adds a t timestamp to GET, drops empty parameters and sends arrays as name[]=value', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05Z'), toFake: ['Date'] });
    fetchMock.mockResolvedValue(answer(envelope(1, '', { ok: true })));
    await client().get('/sys/thing', { query: { a: 'x', b: '', c: null, d: undefined, ids: [1, 2] } });
    const { url, init } = sent();
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(url.search).toBe(`?a=x&ids[]=1&ids[]=2&t=${Date.parse('2026-01-02T03:04:05Z')}`);
  });

  it('puts no timestamp on POST', async () => {
    fetchMock.mockResolvedValue(answer(envelope(1, '', null)));
    await client().post('/user/deleteUserById', { query: { id: 7 } });
    expect(sent().url.search).toBe('?id=7');
  });

  it('sends the query of a typed GET endpoint', async () => {
    fetchMock.mockResolvedValue(answer(envelope(1, '', [{ itemCode: 'a', itemName: 'A' }])));
    const items = await client().call(authEndpoints.dictionary, { query: { dicCode: 'lamp' } });
    expect(items).toEqual([{ itemCode: 'a', itemName: 'A' }]);
    expect(sent().url.searchParams.get('dicCode')).toBe('lamp');
    expect(sent().url.searchParams.get('t')).toMatch(/^\d+$/);
  });

  it('fills the path parameters of an endpoint like /sys/resources/{id}/delete', async () => {
    fetchMock.mockResolvedValue(answer(envelope(1, '', null)));
    await client().call(resourceEndpoints.delete, { params: { id: 42 } });
    expect(sent().url.pathname).toBe('/api/sys/resources/42/delete');
  });

  it("sends the message centre's calls to messageCenterUrl, and every other call to the base address", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(answer(envelope(1, '', { messageList: [], noReadCount: 0, total: 0 }))),
    );
    const http = client('zh-CN', 'https://msg.example.org/mc');
    await http.call(messageEndpoints.pageList, { body: {} });
    await http.call(resourceEndpoints.delete, { params: { id: 1 } }).catch(() => undefined);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('https://msg.example.org/mc/sys/message/pageList');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/sys/resources/1/delete');
  });

  it("sends the message centre's calls to the base address when no messageCenterUrl is given", async () => {
    fetchMock.mockResolvedValue(answer(envelope(1, '', { updated: 0 })));
    await client().call(messageEndpoints.readAll);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/sys/message/readAll');
  });
});

describe('status_code behaviours', () => {
  it('1 resolves the data, parsed by the endpoint schema', async () => {
    const endpoint = defineEndpoint({
      method: 'GET',
      path: '/n',
      access: PUBLIC,
      query: z.object({}),
      body: z.undefined(),
      data: z.object({ when: z.string().transform((s) => s.length) }),
    });
    fetchMock.mockResolvedValue(answer(envelope(1, 'ok', { when: 'abcd' })));
    await expect(client().call(endpoint)).resolves.toEqual({ when: 4 });
    expect(handlers.showMessage).not.toHaveBeenCalled();
  });

  it('1 with data of the wrong shape rejects with 服务不可用', async () => {
    fetchMock.mockResolvedValue(answer(envelope(1, '', { token: 5 })));
    const error = await rejection(
      client().call(authEndpoints.login, { body: { userName: 'a', password: 'b' } }),
    );
    expect(error.kind).toBe('invalid-response');
    expect(error.statusCode).toBe(10500);
    expect(handlers.showMessage).toHaveBeenCalledWith('FAIL', '服务不可用');
  });

  it('10402 clears the licence cookie and goes to /license without a message', async () => {
    fetchMock.mockResolvedValue(answer(envelope(10402, '许可证无效或已过期')));
    const error = await rejection(client().post('/x'));
    expect(error.statusCode).toBe(10402);
    expect(handlers.clearLicenceCookie).toHaveBeenCalledOnce();
    expect(handlers.navigate).toHaveBeenCalledWith('/license');
    expect(handlers.showMessage).not.toHaveBeenCalled();
  });

  it('10001 shows the server message and rejects with the body', async () => {
    const body = envelope(10001, '参数userName不合法', { field: 'userName' });
    fetchMock.mockResolvedValue(answer(body));
    const error = await rejection(client().post('/x'));
    expect(error.kind).toBe('status');
    expect(error.statusCode).toBe(10001);
    expect(error.message).toBe('参数userName不合法');
    expect(error.body).toEqual(body);
    expect(handlers.showMessage).toHaveBeenCalledExactlyOnceWith('FAIL', '参数userName不合法');
  });

  it.each([10401, 10008, 10002])('%i clears the session and opens one 确定登出 box', async (code) => {
    fetchMock.mockImplementation(async () => answer(envelope(code, '登录已失效')));
    const http = client();
    const errors = await Promise.all([rejection(http.post('/a')), rejection(http.post('/b'))]);
    expect(errors.map((e) => e.statusCode)).toEqual([code, code]);
    expect(handlers.clearSession).toHaveBeenCalledTimes(2);
    expect(handlers.confirmLoggedOut).toHaveBeenCalledOnce();
    expect(handlers.showMessage).not.toHaveBeenCalled();
  });

  it('a session end reported by a frame shares the one box with our own calls', async () => {
    fetchMock.mockImplementation(async () => answer(envelope(10401, '登录已失效')));
    const http = client();
    http.sessionEnded(10008);
    await rejection(http.post('/a'));
    http.sessionEnded(10002);
    expect(handlers.clearSession).toHaveBeenCalledTimes(3);
    expect(handlers.confirmLoggedOut).toHaveBeenCalledExactlyOnceWith(10008);
  });

  it('重新登录 in the box logs out and reloads; a later session end opens a new box', async () => {
    fetchMock.mockImplementation(async () => answer(envelope(10401, '')));
    const http = client();
    await rejection(http.post('/a'));
    confirmResolvers[0]?.(true);
    await vi.waitFor(() => expect(handlers.relogin).toHaveBeenCalledOnce());
    await rejection(http.post('/b'));
    expect(handlers.confirmLoggedOut).toHaveBeenCalledTimes(2);
  });

  it('取消 in the box stays on the page', async () => {
    fetchMock.mockImplementation(async () => answer(envelope(10008, '')));
    const http = client();
    await rejection(http.post('/a'));
    confirmResolvers[0]?.(false);
    await rejection(http.post('/b'));
    expect(handlers.confirmLoggedOut).toHaveBeenCalledTimes(2);
    expect(handlers.relogin).not.toHaveBeenCalled();
  });

  it('other codes show the server message and reject with the body', async () => {
    fetchMock.mockResolvedValue(answer(envelope(10500, '用户无任何权限，无法登入系统。')));
    const error = await rejection(client().post('/x'));
    expect(error.statusCode).toBe(10500);
    expect(error.message).toBe('用户无任何权限，无法登入系统。');
    expect(handlers.showMessage).toHaveBeenCalledWith('FAIL', '用户无任何权限，无法登入系统。');
  });

  it('other codes without a message show 服务不可用 at level FAIL', async () => {
    fetchMock.mockResolvedValue(answer(envelope(12345, '')));
    const error = await rejection(client().post('/x'));
    expect(error.statusCode).toBe(12345);
    expect(handlers.showMessage).toHaveBeenCalledWith('FAIL', '服务不可用');
  });

  it('an answer that is not the envelope rejects with default status 10500 and 服务不可用', async () => {
    fetchMock.mockResolvedValue(answer('<html>Not Found</html>', 404));
    const error = await rejection(client().post('/x'));
    expect(error.statusCode).toBe(10500);
    expect(error.body).toBeNull();
    expect(handlers.showMessage).toHaveBeenCalledWith('FAIL', '服务不可用');
  });

  it('HTTP 500 with an envelope still counts as an answer', async () => {
    fetchMock.mockResolvedValue(answer(envelope(10500, '服务内部错误'), 500));
    const error = await rejection(client().post('/x'));
    expect(error.kind).toBe('status');
    expect(handlers.showMessage).toHaveBeenCalledWith('FAIL', '服务内部错误');
  });

  it('quiet calls reject without messages or boxes but still clear the session', async () => {
    fetchMock.mockResolvedValueOnce(answer(envelope(10401, '')));
    fetchMock.mockResolvedValueOnce(answer(envelope(10001, 'bad')));
    await rejection(client().post('/a', { quiet: true }));
    await rejection(client().post('/b', { quiet: true }));
    expect(handlers.clearSession).toHaveBeenCalledOnce();
    expect(handlers.confirmLoggedOut).not.toHaveBeenCalled();
    expect(handlers.showMessage).not.toHaveBeenCalled();
  });

  it('speaks the chosen locale in default texts', async () => {
    fetchMock.mockResolvedValue(answer(envelope(12345, '')));
    await rejection(client('en-US').post('/x'));
    expect(handlers.showMessage).toHaveBeenCalledWith('FAIL', 'Service unavailable');
    expect(sent().headers.get('Accept-Language')).toBe('en-US');
  });
});

describe('when no service answers', () => {
  it('a network failure shows 没有可用的服务，请联系管理员。 and rejects with 10500', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(client().post('/x'));
    expect(error.kind).toBe('network');
    expect(error.statusCode).toBe(10500);
    expect(handlers.showMessage).toHaveBeenCalledWith('FAIL', '没有可用的服务，请联系管理员。');
  });

  it('HTTP statuses above 500 count as no service', async () => {
    fetchMock.mockResolvedValue(answer(envelope(1, '', null), 502));
    const error = await rejection(client().post('/x'));
    expect(error.kind).toBe('network');
    expect(handlers.showMessage).toHaveBeenCalledWith('FAIL', '没有可用的服务，请联系管理员。');
  });

  it('sends a request again when the server answers busy with Retry-After, and shows nothing', async () => {
    vi.useFakeTimers();
    const busy = () =>
      new Response(JSON.stringify(envelope(10503, '服务繁忙')), {
        status: 503,
        headers: { 'retry-after': '2' },
      });
    fetchMock
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(answer(envelope(1, '', { ok: true })));
    const pending = client().post('/login/doLogin', { body: { userName: 'admin' } });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await pending).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sent(2).init.body).toBe(sent(0).init.body);
    expect(handlers.showMessage).not.toHaveBeenCalled();
  });

  it('gives a busy server three more tries, then says no service answered', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response('{}', { status: 503, headers: { 'retry-after': '1' } })),
    );
    const pending = rejection(client().get('/x'));
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await pending).kind).toBe('network');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('gives up after 180 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = rejection(client().post('/slow'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(handlers.showMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(handlers.showMessage).toHaveBeenCalledWith('FAIL', '没有可用的服务，请联系管理员。');
  });

  it('a call the caller aborts rejects quietly', async () => {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = rejection(client().post('/x', { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect(handlers.showMessage).not.toHaveBeenCalled();
  });
});
