import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineEndpoint,
  noQuery,
  pageRequestSchema,
  pageSchema,
  SESSION,
  tableSettingsEndpoints,
  textFilter,
  type TableSettings,
} from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { DataTable, scrollWidth, type BatchAction, type CrudColumn } from './DataTable.js';
import { FormDialog } from './FormDialog.js';
import { SearchBar } from './SearchBar.js';
import { usePageQuery } from './queries.js';
import { renderWithKit, type FakeServer } from './test/harness.js';
import { useListState } from './useListState.js';

beforeAll(() => initI18n('zh-CN'));

interface Person {
  id: number;
  name: string;
  city: string;
}
const request = pageRequestSchema({ name: textFilter(20) }, ['name']);
const people = defineEndpoint({
  method: 'POST',
  path: '/test/people',
  access: SESSION,
  query: noQuery,
  body: request,
  data: pageSchema(z.object({ id: z.number(), name: z.string(), city: z.string() })),
});

const everyone: Person[] = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  name: `人员${i + 1}`,
  city: i % 2 ? '深圳' : '杭州',
}));

function server(saved: { settings: TableSettings | null }): FakeServer {
  return {
    [people.path]: ({ body }) => {
      const r = request.parse(body);
      const matching = everyone.filter((p) => !r.name || p.name.includes(r.name));
      const sorted = r.sortField === 'name' && r.sortOrder === 'desc' ? [...matching].reverse() : matching;
      const start = (r.pageNum - 1) * r.pageSize;
      return {
        list: sorted.slice(start, start + r.pageSize),
        total: matching.length,
        pageNum: r.pageNum,
        pageSize: r.pageSize,
      };
    },
    [tableSettingsEndpoints.get.path]: () => saved.settings,
    [tableSettingsEndpoints.save.path]: ({ body }) => {
      saved.settings = body as TableSettings;
      return body;
    },
    [tableSettingsEndpoints.reset.path]: () => {
      saved.settings = null;
      return null;
    },
  };
}

const columns: CrudColumn<Person>[] = [
  { key: 'name', title: '姓名', sortField: 'name' },
  { key: 'city', title: '城市' },
];

function PeoplePage({
  batchDelete,
  batchActions,
}: {
  batchDelete?: (ids: number[]) => Promise<unknown>;
  batchActions?: BatchAction<Person, 'id'>[];
}) {
  const list = useListState(request);
  const query = usePageQuery(people, list.state);
  return (
    <>
      <SearchBar
        values={{ name: list.state.name }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <Form.Item name="name" label="姓名">
          <Input />
        </Form.Item>
      </SearchBar>
      <DataTable
        tableKey="people"
        rowKey="id"
        columns={columns}
        query={query}
        list={list}
        batchDelete={batchDelete}
        batchActions={batchActions}
      />
    </>
  );
}

describe('DataTable with the URL state', () => {
  it('shows the page the address names, and puts paging, sort and filters in the address', async () => {
    const kit = renderWithKit(<PeoplePage />, {
      server: server({ settings: null }),
      path: '/list?pageNum=2',
    });
    expect(await screen.findByText('人员16')).toBeTruthy();
    expect(screen.getByText('共 40 条')).toBeTruthy();

    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('人员31');
    expect(kit.address()).toBe('/list?pageNum=3');

    fireEvent.click(screen.getAllByText('姓名', { selector: '.ant-table-column-title' })[0] as HTMLElement);
    await waitFor(() => expect(kit.address()).toBe('/list?sortField=name&sortOrder=asc'));

    fireEvent.change(within(screen.getByRole('search')).getByLabelText('姓名'), {
      target: { value: '人员1' },
    });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(kit.address()).toBe('/list?sortField=name&sortOrder=asc&name=%E4%BA%BA%E5%91%981'),
    );
    expect(await screen.findByText('共 11 条')).toBeTruthy();
    // Paging, sort and filters go together as one request.
    expect(kit.calls.at(-1)?.body).toMatchObject({
      pageNum: 1,
      sortField: 'name',
      sortOrder: 'asc',
      name: '人员1',
    });
  });

  it('follows the address when it changes from outside (back, a shared link) and fills in the search form', async () => {
    const kit = renderWithKit(<PeoplePage />, { server: server({ settings: null }) });
    await screen.findByText('人员1');
    kit.navigate('/list?name=%E4%BA%BA%E5%91%9839');
    expect(await screen.findByText('共 1 条')).toBeTruthy();
    expect((within(screen.getByRole('search')).getByLabelText('姓名') as HTMLInputElement).value).toBe(
      '人员39',
    );
  });

  it('ignores another page’s address while kept in a background tab', async () => {
    const kit = renderWithKit(<PeoplePage />, {
      server: server({ settings: null }),
      path: '/list?pageNum=2',
    });
    await screen.findByText('人员16');
    kit.navigate('/elsewhere?pageNum=3');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('人员16')).toBeTruthy();
  });
});

describe('batch delete', () => {
  const rowBox = (name: string) =>
    within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox');
  const batchButton = () => screen.getByRole('button', { name: /批量删除/ }) as HTMLButtonElement;

  it('deletes the chosen rows after asking, then clears the choice', async () => {
    const deleted: number[][] = [];
    renderWithKit(<PeoplePage batchDelete={async (ids) => deleted.push(ids)} />, {
      server: server({ settings: null }),
    });
    await screen.findByText('人员1');
    expect(batchButton().disabled).toBe(true);
    fireEvent.click(rowBox('人员2'));
    fireEvent.click(rowBox('人员3'));
    expect(await screen.findByText('已选择 2 项')).toBeTruthy();
    fireEvent.click(batchButton());
    expect(await screen.findByText('确定删除选中的 2 条记录吗？删除后不可恢复。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(deleted).toEqual([[2, 3]]);
    await waitFor(() => expect(screen.queryByText('已选择 2 项')).toBeNull());
    expect(batchButton().disabled).toBe(true);
  });

  it('keeps the choice when the server refuses, and drops it on another page', async () => {
    renderWithKit(<PeoplePage batchDelete={() => Promise.reject(new Error('不能删除当前登录的用户'))} />, {
      server: server({ settings: null }),
    });
    await screen.findByText('人员1');
    fireEvent.click(rowBox('人员1'));
    fireEvent.click(batchButton());
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('已选择 1 项')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('人员16');
    expect(screen.queryByText('已选择 1 项')).toBeNull();
    expect(batchButton().disabled).toBe(true);
  });

  it('runs another action on the chosen rows, then clears the choice', async () => {
    const marked: number[][] = [];
    renderWithKit(
      <PeoplePage batchActions={[{ key: 'mark', label: '标记', run: async (ids) => marked.push(ids) }]} />,
      { server: server({ settings: null }) },
    );
    await screen.findByText('人员1');
    const mark = () => screen.getByRole('button', { name: '标记' }) as HTMLButtonElement;
    expect(mark().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    fireEvent.click(rowBox('人员4'));
    fireEvent.click(mark());
    await waitFor(() => expect(marked).toEqual([[4]]));
    await waitFor(() => expect(mark().disabled).toBe(true));
  });

  it('shows neither check boxes nor the button without a batch delete', async () => {
    renderWithKit(<PeoplePage />, { server: server({ settings: null }) });
    await screen.findByText('人员1');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
  });
});

describe('column settings', () => {
  it('hides and moves columns, saves them for the user, and shows the saved choice next time', async () => {
    const saved = { settings: null as TableSettings | null };
    const first = renderWithKit(<PeoplePage />, { server: server(saved) });
    await screen.findByText('人员1');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const list = await screen.findByRole('list', { name: '列设置' });
    fireEvent.click(within(list).getByLabelText('显示城市'));
    fireEvent.click(within(list).getByRole('button', { name: '姓名 下移' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(saved.settings?.columns).toEqual([
        { key: 'city', visible: false },
        { key: 'name', visible: true },
      ]),
    );
    first.unmount();

    renderWithKit(<PeoplePage />, { server: server(saved) });
    await screen.findByText('人员1');
    await waitFor(() => expect(document.querySelectorAll('th.ant-table-cell').length).toBe(1));
    expect(screen.queryByText('城市')).toBeNull();
  });
});

describe('FormDialog', () => {
  function Dialog({
    submit,
    confirm,
  }: {
    submit(values: { name: string }): Promise<unknown>;
    confirm?: string;
  }) {
    const [open, setOpen] = useState(true);
    return (
      <>
        <span>{open ? 'open' : 'closed'}</span>
        <FormDialog<{ name: string }>
          open={open}
          title="新增人员"
          submit={submit}
          successText="新增成功"
          onClose={() => setOpen(false)}
          confirm={confirm}
        >
          <Form.Item name="name" label="姓名" rules={[{ required: true, message: '请输入姓名' }]}>
            <Input />
          </Form.Item>
        </FormDialog>
      </>
    );
  }

  it('validates, asks to confirm, saves, says so and closes', async () => {
    const saved: unknown[] = [];
    renderWithKit(<Dialog submit={async (values) => saved.push(values)} confirm="确定保存吗？" />, {
      server: {},
    });
    fireEvent.click(await screen.findByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(saved).toEqual([{ name: '张三' }]);
    await screen.findByText('closed');
  });

  it('keeps the dialog and what was typed when the server refuses', async () => {
    renderWithKit(<Dialog submit={() => Promise.reject(new Error('登录账号已存在'))} />, { server: {} });
    fireEvent.change(await screen.findByLabelText('姓名'), { target: { value: '李四' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('open')).toBeTruthy();
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李四');
  });
});

describe('wide lists', () => {
  const withActions: CrudColumn<Person>[] = [
    ...columns,
    { key: 'actions', title: '操作', fixed: true, render: () => <a>编辑</a> },
  ];

  function WideList({ listed }: { listed: CrudColumn<Person>[] }) {
    const list = useListState(request);
    const query = usePageQuery(people, list.state);
    return <DataTable tableKey="people" rowKey="id" columns={listed} query={query} list={list} />;
  }

  it('keeps the actions column at the right edge while the other columns scroll sideways', async () => {
    renderWithKit(<WideList listed={withActions} />, { server: server({ settings: null }) });
    const edit = (await screen.findAllByText('编辑'))[0] as HTMLElement;
    const cell = edit.closest('td') as HTMLElement;
    expect(cell.className).toMatch(/ant-table-cell-fix-(right|end)/);
    expect(cell.className).not.toMatch(/ant-table-cell-fix-(left|start)/);
    // The actions stay last, after the columns the user may move.
    const header = [...document.querySelectorAll('thead th')].at(-1) as HTMLElement;
    expect(header.textContent).toBe('操作');
    expect(header.className).toMatch(/ant-table-cell-fix-(right|end)/);
  });

  it('scrolls as wide as the content, or as the columns when every column declares its width', () => {
    expect(scrollWidth(withActions, false)).toBe('max-content');
    expect(scrollWidth([{ width: 200 }, { width: 160 }, { width: 120 }], false)).toBe(480);
    expect(scrollWidth([{ width: 200 }, { width: 160 }], true)).toBe(392);
  });
});
