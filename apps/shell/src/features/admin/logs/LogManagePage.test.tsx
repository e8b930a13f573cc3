import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSessionCookies } from '@cityops/client';
import type { OperationLogDetail, SignInLogRow } from '@cityops/contract';
import { changeLocale, initI18n } from '@cityops/ui';
import { inBrowserZone } from '@cityops/ui/testing/timeZone';
import { adminSession, mockApi, ok, xlsxFile, type Route } from '../../../test/api';
import { renderRoutesAt } from '../../../test/renderRoutes';
import { useTabs } from '../../tabs/tabStore';

const SIGN_INS = '/api/sys/log/loginList';
const OPERATIONS = '/api/sys/log/operationList';
const DETAIL = '/api/sys/log/operationDetail';
const RETENTION = '/api/sys/log/retention';
const SIGN_IN_EXPORT = '/api/sys/log/loginExport';
const OPERATION_EXPORT = '/api/sys/log/operationExport';

const failedSignIn: SignInLogRow = {
  id: 7,
  time: '2026-06-01T08:00:00.000Z',
  account: 'admin',
  userId: 1,
  ip: '10.1.2.3',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  action: 'login_failed',
  outcome: 'failure',
  detail: 'wrongPassword',
};
const edit: OperationLogDetail = {
  id: 12,
  time: '2026-06-01T09:00:00.000Z',
  userId: 1,
  account: 'admin',
  ip: '10.1.2.3',
  module: 'userManage',
  action: 'update',
  targetId: '5',
  targetName: 'zhangsan',
  outcome: 'success',
  detail: '',
  changeCount: 2,
  changes: [
    { field: 'name', before: '张三', after: '李四' },
    { field: 'jobTitle', before: '', after: '班长' },
  ],
};
/** The whole shell renders in jsdom; on a busy machine that takes seconds. */
const SLOW = { timeout: 15_000 };
const page = (list: unknown[]) => ok({ list, total: list.length, pageNum: 1, pageSize: 15 });

const withLogPage = (elements: string[]) => ({
  ...adminSession,
  elements,
  menus: [
    ...adminSession.menus,
    {
      id: 9,
      parentId: 1,
      type: 2,
      code: 'logManage',
      name: '日志管理',
      url: '/admin/logManage',
      sortNum: 9,
      icon: '',
      level: 2,
    },
  ],
});

// The browser runs in New York while the platform is in China: the log shows China time all the same.
inBrowserZone('America/New_York');
beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  useTabs.getState().reset();
  vi.restoreAllMocks();
});

/** jsdom saves no file: the names of the files the page hands to the browser's downloads. */
function savedFiles(): string[] {
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:log-export');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

/** Types into the search form's fields, found by their labels, and searches. */
function search(fields: Record<string, string>) {
  const form = document.querySelector('form[role="search"]') as HTMLFormElement;
  for (const [label, value] of Object.entries(fields))
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  fireEvent.click(form.querySelector('button[type="submit"]') as HTMLElement);
}

/** The export button; its two characters may be spaced apart by antd. */
const exportButton = () => screen.queryByText(/^导\s*出$/)?.closest('button') ?? null;

/** Exports and waits until the file has been handed to the browser. */
async function exportFile() {
  fireEvent.click(exportButton() as HTMLElement);
  expect(await screen.findByText('导出成功', {}, SLOW)).toBeTruthy();
}

function renderPage({
  elements = ['logManage_retention'],
  saveRetention,
  signIns = [failedSignIn],
}: {
  elements?: string[];
  saveRetention?: Route;
  signIns?: SignInLogRow[];
} = {}) {
  writeSessionCookies('token-admin', 1);
  let days = 180;
  const api = mockApi(
    {
      '/api/user/queryUserPermissions': () => ok(withLogPage(elements)),
      '/api/user/tableSettings': () => ok(null),
      [SIGN_INS]: () => page(signIns),
      [OPERATIONS]: () => page([{ ...edit, changes: undefined }]),
      [DETAIL]: () => ok(edit),
      [RETENTION]: (request) => {
        if (request.body === undefined) return ok({ days });
        const answer = saveRetention ? saveRetention(request) : ok(request.body);
        if (answer.status_code === 1) days = (request.body as { days: number }).days;
        return answer;
      },
    },
    {
      [SIGN_IN_EXPORT]: () => xlsxFile('登录日志-20261120'),
      [OPERATION_EXPORT]: () => xlsxFile('操作日志-20261120'),
    },
  );
  const router = renderRoutesAt('/admin/logManage');
  return { api, router };
}

describe('日志管理', { timeout: 60_000 }, () => {
  it('shows failed sign-ins with the action in words, the reason, address and browser, at China time', async () => {
    const { api } = renderPage();
    expect(await screen.findByText('登录失败', {}, SLOW)).toBeTruthy();
    const row = screen.getByText('10.1.2.3').closest('tr') as HTMLElement;
    expect(within(row).getByText('admin')).toBeTruthy();
    expect(within(row).getByText('失败')).toBeTruthy();
    expect(within(row).getByText('账号或密码错误')).toBeTruthy();
    expect(within(row).getByText('Chrome 130 · Windows 10')).toBeTruthy();
    expect(within(row).getByText('2026-06-01 16:00:00')).toBeTruthy();
    expect(screen.getAllByText('时间 (UTC+8)').length).toBeGreaterThan(0);
    expect(api.sentTo(SIGN_INS)[0]).toMatchObject({ pageNum: 1, pageSize: 15 });
  });

  it('shows the stored reason in the interface language, and a reason older than codes as stored', async () => {
    const older = { ...failedSignIn, id: 8, ip: '10.1.2.4', detail: 'wrong account or password' };
    const byTicket = { ...failedSignIn, id: 9, ip: '10.1.2.5', detail: 'byTicketRefused:accountDisabled' };
    await changeLocale('en-US');
    try {
      renderPage({ signIns: [failedSignIn, older, byTicket] });
      const row = (await screen.findByText('10.1.2.3', {}, SLOW)).closest('tr') as HTMLElement;
      expect(within(row).getByText('Wrong account or password')).toBeTruthy();
      const olderRow = screen.getByText('10.1.2.4').closest('tr') as HTMLElement;
      expect(within(olderRow).getByText('wrong account or password')).toBeTruthy();
      const ticketRow = screen.getByText('10.1.2.5').closest('tr') as HTMLElement;
      expect(within(ticketRow).getByText('By one-time ticket: Account disabled')).toBeTruthy();
    } finally {
      await changeLocale('zh-CN');
    }
  });

  it('searches the sign-in log by account and action, and sends the filters to the server', async () => {
    const { api, router } = renderPage();
    await screen.findByText('登录失败', {}, SLOW);
    search({ 账号: 'adm' });
    await waitFor(
      () => expect(api.sentTo(SIGN_INS).at(-1)).toMatchObject({ account: 'adm', pageNum: 1 }),
      SLOW,
    );
    expect(router.state.location.search).toContain('account=adm');
  });

  it('shows an operation with the module and action in words, and its fields before and after', async () => {
    const { api } = renderPage();
    fireEvent.click(await screen.findByText('操作日志', {}, SLOW));
    const row = (await screen.findByText('zhangsan', {}, SLOW)).closest('tr') as HTMLElement;
    expect(within(row).getByText('用户管理')).toBeTruthy();
    expect(within(row).getByText('编辑')).toBeTruthy();
    fireEvent.click(within(row).getByText(/详\s*情/));
    await screen.findByText('李四', {}, SLOW);
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    const cells = [...drawer.querySelectorAll('.ant-table-tbody > tr.ant-table-row')].map((tr) =>
      [...tr.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['姓名', '张三', '李四'],
      ['职务', '（空）', '班长'],
    ]);
    expect(api.sentTo(DETAIL)).toEqual([{ id: 12 }]);
  });

  it('saves the retention for holders of its button', async () => {
    const { api } = renderPage();
    const input = await screen.findByLabelText('日志保留天数', {}, SLOW);
    expect((input as HTMLInputElement).value).toBe('180');
    fireEvent.change(input, { target: { value: '365' } });
    fireEvent.click(screen.getByText(/^保\s*存$/));
    expect(await screen.findByText('日志保留设置已保存', {}, SLOW)).toBeTruthy();
    expect(api.sentTo(RETENTION).filter((body) => body !== undefined)).toEqual([{ days: 365 }]);
  });

  it('only shows the retention to users without its button', async () => {
    renderPage({ elements: [] });
    expect(await screen.findByText('日志保留180天，超过的每天自动清理', {}, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText('日志保留天数')).toBeNull();
  });

  it('exports every sign-in the search selects, for holders of the export button', async () => {
    const files = savedFiles();
    const { api } = renderPage({ elements: ['logManage_export'] });
    await screen.findByText('登录失败', {}, SLOW);
    search({ 账号: 'adm', 地址: '10.1' });
    await waitFor(
      () => expect(api.sentTo(SIGN_INS).at(-1)).toMatchObject({ account: 'adm', ip: '10.1' }),
      SLOW,
    );
    await exportFile();
    expect(api.sentTo(SIGN_IN_EXPORT)).toEqual([{ account: 'adm', ip: '10.1' }]);
    expect(files).toEqual(['登录日志-20261120.xlsx']);
  });

  it('exports every operation the search selects', async () => {
    const files = savedFiles();
    const { api } = renderPage({ elements: ['logManage_export'] });
    fireEvent.click(await screen.findByText('操作日志', {}, SLOW));
    await screen.findByText('zhangsan', {}, SLOW);
    search({ 账号: 'admin', 操作对象: 'zhang' });
    await waitFor(
      () => expect(api.sentTo(OPERATIONS).at(-1)).toMatchObject({ account: 'admin', targetName: 'zhang' }),
      SLOW,
    );
    await exportFile();
    expect(api.sentTo(OPERATION_EXPORT)).toEqual([{ account: 'admin', targetName: 'zhang' }]);
    expect(api.sentTo(SIGN_IN_EXPORT)).toEqual([]);
    expect(files).toEqual(['操作日志-20261120.xlsx']);
  });

  it('offers no export on either log without the export button', async () => {
    const { api } = renderPage({ elements: ['logManage_retention'] });
    await screen.findByText('登录失败', {}, SLOW);
    expect(exportButton()).toBeNull();
    fireEvent.click(screen.getByText('操作日志'));
    await screen.findByText('zhangsan', {}, SLOW);
    expect(exportButton()).toBeNull();
    expect([...api.sentTo(SIGN_IN_EXPORT), ...api.sentTo(OPERATION_EXPORT)]).toEqual([]);
  });
});
