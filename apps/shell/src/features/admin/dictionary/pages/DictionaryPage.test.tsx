import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  dictionaryEndpoints,
  tableSettingsEndpoints,
  type DicItemRow,
  type DicTypeRow,
} from '@cityops/contract';
import { DictionaryLabel } from '@cityops/crud';
import { initI18n } from '@cityops/ui';
import { dialogField, renderAdminPage, type FakeServer } from '../../../../test/renderAdminPage';
import { DictionaryPage } from './DictionaryPage';

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => window.sessionStorage.clear());

const type = (code: string, name: string, itemCount: number): DicTypeRow => ({
  code,
  name,
  description: '',
  sortNum: 0,
  itemCount,
  editor: 'admin',
  createTime: '2026-06-01T00:00:00.000Z',
  updateTime: '2026-06-01T00:00:00.000Z',
});
const page = <Row,>(list: Row[]) => ({ list, total: list.length, pageNum: 1, pageSize: 15 });
const levels: DicItemRow[] = [
  { itemId: 1, dicCode: 'alarm_level', itemCode: 'error', itemName: '重要', sort: 10, enabled: true },
  { itemId: 2, dicCode: 'alarm_level', itemCode: 'tips', itemName: '提示', sort: 30, enabled: false },
];

function server(sent: { path: string; body: unknown }[]): FakeServer {
  const record =
    (path: string) =>
    ({ body }: { body?: unknown }) => {
      sent.push({ path, body });
      return path === dictionaryEndpoints.itemCreate.path
        ? {
            itemId: 3,
            dicCode: 'alarm_level',
            itemCode: 'major',
            itemName: '较重要',
            sort: 20,
            enabled: true,
          }
        : null;
    };
  return {
    [dictionaryEndpoints.typePage.path]: () =>
      page([type('alarm_state', '告警状态', 6), type('alarm_level', '告警级别', 3)]),
    [dictionaryEndpoints.itemPage.path]: () => page(levels),
    [dictionaryEndpoints.itemCreate.path]: record(dictionaryEndpoints.itemCreate.path),
    [dictionaryEndpoints.all.path]: () => ({ version: 'v1', dictionaries: {} }),
    [tableSettingsEndpoints.get.path]: () => null,
  };
}

describe('DictionaryPage', () => {
  it('lists the types, and the items of the one chosen with their state', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const { calls } = renderAdminPage(<DictionaryPage />, server(sent), [], '/admin/dictionary');
    expect(await screen.findByText('请选择左侧的字典类型')).toBeTruthy();
    fireEvent.click(await screen.findByText('告警级别'));
    expect(await screen.findByText('重要')).toBeTruthy();
    expect(screen.getByText('停用')).toBeTruthy();
    const itemCall = calls.find((call) => call.path === dictionaryEndpoints.itemPage.path);
    expect(itemCall?.body).toMatchObject({ dicCode: 'alarm_level', pageNum: 1 });
    expect(screen.queryByText('新增字典')).toBeNull();
  });

  it('adds an item to the chosen type, checking the code in the form', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const { calls } = renderAdminPage(
      <>
        <DictionaryPage />
        <DictionaryLabel dicCode="alarm_level" value="major" />
      </>,
      server(sent),
      ['dictionary_add', 'dictionary_edit', 'dictionary_delete'],
      '/admin/dictionary',
    );
    fireEvent.click(await screen.findByText('告警级别'));
    const asked = () => calls.filter((call) => call.path === dictionaryEndpoints.all.path).length;
    await waitFor(() => expect(asked()).toBe(1));
    fireEvent.click(await screen.findByText('新增字典项'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'itemCode'), { target: { value: 'a b' } });
    fireEvent.change(dialogField(dialog, 'itemName'), { target: { value: '较重要' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(
      await within(dialog).findByText('字典项编码只能包含字母、数字、下划线或短横线，长度1-64位'),
    ).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'itemCode'), { target: { value: 'major' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      dicCode: 'alarm_level',
      itemCode: 'major',
      itemName: '较重要',
      sort: 0,
      enabled: true,
    });
    // The browser's dictionaries are asked for again once a dictionary changed.
    await waitFor(() => expect(asked()).toBe(2));
  });
});
