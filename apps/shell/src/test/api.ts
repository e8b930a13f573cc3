import { vi } from 'vitest';
import {
  contentDisposition,
  XLSX_CONTENT_TYPE,
  type LoginData,
  type UserPermissions,
} from '@cityops/contract';

/** The API as the tests see it: fetch is the only thing replaced, answered per path. */
export type Answer = { status_code: number; message: string; data: unknown };
export type Route = (request: { body: unknown; headers: Headers; url: URL }) => Answer;

export const ok = (data: unknown): Answer => ({ status_code: 1, message: '', data });
export const refused = (status_code: number, message: string): Answer => ({
  status_code,
  message,
  data: null,
});

/** A download's answer: the file itself instead of the envelope. */
export type FileRoute = (request: Parameters<Route>[0]) => Response;

/** An Excel file as the server streams it, with the name the browser saves it under. */
export const xlsxFile = (name: string) =>
  new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
    headers: { 'content-type': XLSX_CONTENT_TYPE, 'content-disposition': contentDisposition(name) },
  });

export function mockApi(routes: Record<string, Route>, files: Record<string, FileRoute> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const request = () => ({
      body: (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined) as unknown,
      headers: new Headers(init?.headers),
      url,
    });
    const file = files[url.pathname];
    if (file) return file(request());
    const route = routes[url.pathname];
    if (!route) return new Response('not found', { status: 404 });
    const answer = route(request());
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Bodies sent to a path, in order. */
  const sentTo = (path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => new URL(String(input), window.location.origin).pathname === path)
      .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
  return { fetchMock, sentTo };
}

const menu = (id: number, type: number, code: string) => ({
  id,
  parentId: type === 0 ? 0 : 1,
  code,
  type,
  name: code,
  url: `/${code}`,
  sortNum: id,
  icon: '',
  level: type === 0 ? 1 : 2,
});

export const adminSession: UserPermissions = {
  userId: 1,
  userName: 'admin',
  name: '系统管理员',
  userType: 1,
  projects: [],
  userProjectIds: [],
  defaultProjectId: null,
  areaIds: [],
  menus: [menu(1, 0, 'admin'), menu(2, 2, 'userManage'), menu(3, 2, 'roleManage'), menu(4, 1, 'logs')],
  elements: ['user_add'],
  customConfig: {},
  mustChangePassword: false,
};

export const adminLogin: LoginData = {
  token: 'token-admin',
  userType: 1,
  permissions: ['admin', 'userManage'],
  userName: 'admin',
  userId: 1,
  areaIds: [],
  projectId: null,
  session: adminSession,
};
