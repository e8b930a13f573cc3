import { vi } from 'vitest';
import type { LoginData, UserPermissions } from '@cityops/contract';

/** The API as the tests see it: fetch is the only thing replaced, answered per path. */
export type Answer = { status_code: number; message: string; data: unknown };
export type Route = (request: { body: unknown; headers: Headers; url: URL }) => Answer;

export const ok = (data: unknown): Answer => ({ status_code: 1, message: '', data });
export const refused = (status_code: number, message: string): Answer => ({
  status_code,
  message,
  data: null,
});

export function mockApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const route = routes[url.pathname];
    if (!route) return new Response('not found', { status: 404 });
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = route({ body, headers: new Headers(init?.headers), url });
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

export const adminLogin: LoginData = {
  token: 'token-admin',
  userType: 1,
  permissions: ['admin', 'userManage'],
  userName: 'admin',
  userId: 1,
  areaIds: [],
  projectId: null,
};

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
