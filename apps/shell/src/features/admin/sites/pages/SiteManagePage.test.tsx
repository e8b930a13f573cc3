import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  areaEndpoints,
  projectEndpoints,
  siteEndpoints,
  type Project,
  type SiteRow,
} from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { dialogField, renderAdminPage, type FakeServer } from '../../../../test/renderAdminPage';
import { SiteManagePage } from './SiteManagePage';

beforeAll(() => initI18n('zh-CN'));

const site = (siteId: number, name: string, extra: Partial<SiteRow> = {}): SiteRow => ({
  siteId,
  name,
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  areaId: null,
  areaName: null,
  longitude: 113.94,
  latitude: 22.526,
  address: '',
  contact: '',
  contactPhone: '',
  remarks: '',
  editor: 'admin',
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  ...extra,
});

const nanshan: Project = {
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  longitude: 113.93041,
  latitude: 22.53332,
  polygon: [],
};

const rows = [
  site(1, '深南大道科技园站', {
    areaId: 11,
    areaName: '科技园北区',
    longitude: 113.9325,
    latitude: 22.537,
    address: '深南大道9988号',
    contact: '刘海',
    contactPhone: '0755-26581234',
  }),
  site(2, '后海大道站', { address: '后海大道2388号' }),
];

function server(extra: FakeServer = {}): FakeServer {
  return {
    [siteEndpoints.page.path]: () => ({ list: rows, total: rows.length, pageNum: 1, pageSize: 15 }),
    [projectEndpoints.listByUser.path]: () => [nanshan],
    [areaEndpoints.tree.path]: () => [],
    ...extra,
  };
}

const ALL = ['admin_siteManage_add', 'admin_siteManage_edit', 'admin_siteManage_delete'];
const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

describe('SiteManagePage', () => {
  it('lists the sites with their project, area, place and contact beside a map, and searches by name', async () => {
    const { calls } = renderAdminPage(<SiteManagePage />, server(), ALL);
    expect(await screen.findByText('深南大道科技园站')).toBeTruthy();
    expect(screen.getByText('科技园北区')).toBeTruthy();
    expect(screen.getByText('无')).toBeTruthy();
    expect(screen.getByText('113.9325, 22.537')).toBeTruthy();
    expect(screen.getByText('深南大道9988号')).toBeTruthy();
    expect(screen.getByText('0755-26581234')).toBeTruthy();
    expect(screen.getAllByText('深圳南山智慧路灯示范项目').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: '站点分布' })).toBeTruthy();
    const search = screen.getByRole('search');
    fireEvent.change(within(search).getAllByRole('textbox').at(-1) as HTMLElement, {
      target: { value: '后海' },
    });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.some((call) => (call.body as { name?: string } | undefined)?.name === '后海')).toBe(true),
    );
  });

  it('hides the buttons the user has no code for', async () => {
    renderAdminPage(<SiteManagePage />, server(), []);
    expect(await screen.findByText('后海大道站')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增站点/ })).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('adds a site in the project shown: the place is required, a wrong latitude is named in §5’s words', async () => {
    const created: unknown[] = [];
    renderAdminPage(
      <SiteManagePage />,
      server({
        [siteEndpoints.create.path]: ({ body }) => {
          created.push(body);
          return site(3, '南山公园站');
        },
      }),
      ALL,
      '/admin/siteManage?projectId=1',
    );
    fireEvent.click(await screen.findByRole('button', { name: /新增站点/ }));
    const dialog = await screen.findByRole('dialog');
    save(dialog);
    expect(await within(dialog).findByText('请输入站点名称')).toBeTruthy();
    expect(await within(dialog).findByText('请输入正确的经度，-180~180')).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '南山公园站' } });
    fireEvent.change(within(dialog).getByLabelText('经度'), { target: { value: '113.92' } });
    fireEvent.change(within(dialog).getByLabelText('纬度'), { target: { value: '95' } });
    save(dialog);
    expect(await within(dialog).findByText('请输入正确的纬度，-90~90')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('纬度'), { target: { value: '22.52' } });
    fireEvent.change(dialogField(dialog, 'contactPhone'), { target: { value: '0755-26581234' } });
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      name: '南山公园站',
      projectId: 1,
      areaId: null,
      longitude: '113.92',
      latitude: '22.52',
      address: '',
      contact: '',
      contactPhone: '0755-26581234',
      remarks: '',
    });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it('edits a site with its stored place, and deletes one after asking', async () => {
    const updated: unknown[] = [];
    const deleted: unknown[] = [];
    renderAdminPage(
      <SiteManagePage />,
      server({
        [siteEndpoints.update.path]: ({ body }) => {
          updated.push(body);
          return rows[1];
        },
        [siteEndpoints.delete.path]: (input) => {
          deleted.push(input);
          return null;
        },
      }),
      ALL,
    );
    const row = (await screen.findByText('后海大道站')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('经度') as HTMLInputElement).value).toBe('113.94');
    fireEvent.change(dialogField(dialog, 'address'), { target: { value: '后海大道2388号A座' } });
    save(dialog);
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]).toMatchObject({
      siteId: 2,
      projectId: 1,
      longitude: '113.94',
      latitude: '22.526',
      address: '后海大道2388号A座',
    });

    fireEvent.click(within(row).getByText('删除'));
    expect(await screen.findByText(/确定删除“后海大道站”吗/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(deleted).toHaveLength(1));
  });
});
