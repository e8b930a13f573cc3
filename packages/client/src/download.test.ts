// @vitest-environment jsdom
/**
 * A unit test of the client's side of a download, so fetch is mocked here: what it checks is how the
 * client reads an answer. The server's side streams a real file in server/src/http/export.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  contentDisposition,
  defineExport,
  defineFile,
  OCTET_STREAM,
  permission,
  XLSX_CONTENT_TYPE,
  type ExportProgress,
} from '@cityops/contract';
import { z } from 'zod';
import { ApiError } from './apiError.js';
import { createHttpClient, type HttpClientHandlers } from './httpClient.js';

const userExport = defineExport({
  method: 'POST',
  path: '/user/export',
  access: permission('USERMANAGE'),
  query: z.object({}),
  body: z.object({ userName: z.string().optional() }),
});

const fetchMock = vi.fn<typeof fetch>();
let handlers: { [K in keyof HttpClientHandlers]: ReturnType<typeof vi.fn<HttpClientHandlers[K]>> };
const saved: { name: string; href: string }[] = [];

const client = () =>
  createHttpClient({
    baseUrl: '/api',
    getToken: () => 'tok-123',
    getPagePath: () => '/admin/userManage',
    getLocale: () => 'zh-CN',
    handlers,
  });

/** A file answer whose body arrives in the given chunks, then ends (or breaks, when told to). */
function fileAnswer(chunks: string[], headers: Record<string, string> = {}, breakAtEnd = false) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (breakAtEnd) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': contentDisposition('用户列表-20261123'),
      ...headers,
    },
  });
}

const envelopeAnswer = (status_code: number, message: string) =>
  new Response(JSON.stringify({ status_code, message, data: null }), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  saved.length = 0;
  handlers = {
    showMessage: vi.fn(),
    clearSession: vi.fn(),
    confirmLoggedOut: vi.fn(() => new Promise<boolean>(() => undefined)),
    relogin: vi.fn(),
    clearLicenceCookie: vi.fn(),
    navigate: vi.fn(),
  };
  // jsdom does not download; the link the client clicks is what we check.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file-1');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('download', () => {
  it('posts the filter with the session headers and saves the file under its Chinese name', async () => {
    fetchMock.mockResolvedValue(fileAnswer(['PK', 'abc'], { 'X-Total-Count': '3' }));
    const progress: ExportProgress[] = [];
    const file = await client().download(userExport, {
      body: { userName: 'ad' },
      onProgress: (step) => progress.push(step),
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/export');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"userName":"ad"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Access-Token')).toBe('tok-123');
    expect(headers.get('Page-Path')).toBe('/admin/userManage');
    expect(headers.get('Accept-Language')).toBe('zh-CN');
    expect(file).toEqual({ fileName: '用户列表-20261123.xlsx', size: 5 });
    expect(saved).toEqual([{ name: '用户列表-20261123.xlsx', href: 'blob:file-1' }]);
    expect(progress[0]).toEqual({ receivedBytes: 0, totalRows: 3 });
    expect(progress.at(-1)).toEqual({ receivedBytes: 5, totalRows: 3 });
  });

  it('reports progress without a row count when the server sent none', async () => {
    fetchMock.mockResolvedValue(fileAnswer(['PK']));
    const progress: ExportProgress[] = [];
    await client().download(userExport, { onProgress: (step) => progress.push(step) });
    expect(progress.at(-1)).toEqual({ receivedBytes: 2 });
  });

  it('shows a refusal of the filter as the message, like a call, and saves nothing', async () => {
    fetchMock.mockResolvedValue(envelopeAnswer(10001, '参数userName不合法'));
    const error = await client()
      .download(userExport, { body: { userName: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 10001, message: '参数userName不合法' });
    expect(handlers.showMessage).toHaveBeenCalledExactlyOnceWith('FAIL', '参数userName不合法');
    expect(saved).toEqual([]);
  });

  it('clears the session and opens the 确定登出 box on 10401', async () => {
    fetchMock.mockResolvedValue(envelopeAnswer(10401, '登录已失效'));
    await expect(client().download(userExport)).rejects.toMatchObject({ statusCode: 10401 });
    expect(handlers.clearSession).toHaveBeenCalledOnce();
    expect(handlers.confirmLoggedOut).toHaveBeenCalledExactlyOnceWith(10401);
    expect(handlers.showMessage).not.toHaveBeenCalled();
  });

  it('fails, without saving a partial file, when the download is cut short', async () => {
    fetchMock.mockResolvedValue(fileAnswer(['PK', 'ab'], {}, true));
    await expect(client().download(userExport)).rejects.toMatchObject({ kind: 'network' });
    expect(handlers.showMessage).toHaveBeenCalledExactlyOnceWith('FAIL', '服务不可用');
    expect(saved).toEqual([]);
  });

  it('tells the user there is no service when nothing answers', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client().download(userExport)).rejects.toMatchObject({ kind: 'network' });
    expect(handlers.showMessage).toHaveBeenCalledExactlyOnceWith('FAIL', '没有可用的服务，请联系管理员。');
  });

  it('treats an answer that is neither the file nor the envelope as a broken service', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { headers: { 'content-type': 'text/html' } }));
    await expect(client().download(userExport)).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(handlers.showMessage).toHaveBeenCalledExactlyOnceWith('FAIL', '服务不可用');
  });
});

const photoFile = defineFile({
  path: '/om/workOrder/photo/:id',
  params: z.object({ id: z.number() }),
  access: permission('WORKORDER'),
  query: z.object({}),
});

describe('fetchFile', () => {
  it('gets a stored file by its path with the session headers and answers its bytes, saving nothing', async () => {
    fetchMock.mockResolvedValue(fileAnswer(['\u00ff\u00d8', 'jpg'], { 'content-type': OCTET_STREAM }));
    const file = await client().fetchFile(photoFile, { params: { id: 31 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toMatch(/^\/api\/om\/workOrder\/photo\/31\?t=\d+$/);
    expect(new Headers(init?.headers).get('Access-Token')).toBe('tok-123');
    expect(await file.text()).toBe('\u00ff\u00d8jpg');
    expect(saved).toEqual([]);
  });

  it('a quiet fetch rejects a refusal without a message but still ends a lost session', async () => {
    fetchMock.mockResolvedValueOnce(envelopeAnswer(10001, '照片不存在'));
    await expect(client().fetchFile(photoFile, { params: { id: 32 }, quiet: true })).rejects.toMatchObject({
      statusCode: 10001,
    });
    expect(handlers.showMessage).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(envelopeAnswer(10401, '登录已失效'));
    await expect(client().fetchFile(photoFile, { params: { id: 32 }, quiet: true })).rejects.toMatchObject({
      statusCode: 10401,
    });
    expect(handlers.clearSession).toHaveBeenCalledOnce();
  });
});
