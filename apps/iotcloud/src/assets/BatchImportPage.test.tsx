import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { deviceEndpoints, type ImportReport } from '@cityops/contract';
import { renderWithKit } from '@cityops/crud/testing';
import { changeLocale, initI18n } from '@cityops/ui';
import { BatchImportPage } from './BatchImportPage';

beforeAll(() => initI18n('zh-CN'));

const report: ImportReport = {
  total: 10,
  imported: 7,
  refused: 3,
  problems: [
    { row: 3, column: 'productKey', reason: 'import.unknownProduct', values: { value: 'lamp-x9' } },
    { row: 5, column: 'deviceKey', reason: 'import.duplicateInFile', values: { row: 2 } },
    { row: 8, column: 'controlCode', reason: 'device.controlCodeRequired', values: {} },
  ],
};

function renderPage(elements = ['batchImport_import']) {
  const view = renderWithKit(<BatchImportPage />, {
    server: { [deviceEndpoints.importDevices.path]: () => report },
    elements,
    path: '/iotcloud/iot/assetMorror/batchImport',
  });
  const pick = (file: File) => {
    const input = view.container.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [file] } });
  };
  return { ...view, pick };
}

const workbook = () =>
  new File(['PK workbook bytes'], 'devices.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

afterEach(async () => {
  await act(() => changeLocale('zh-CN'));
});

describe('BatchImportPage', () => {
  it('uploads the workbook and reports the refused rows with their column and reason', async () => {
    const { pick, calls } = renderPage();
    pick(workbook());
    const section = await screen.findByRole('region', { name: '导入结果' });
    expect(calls.find((call) => call.path === deviceEndpoints.importDevices.path)?.body).toEqual({
      file: { name: 'devices.xlsx', size: 17 },
    });
    expect(within(section).getByText('导入完成：成功7条，失败3条')).toBeTruthy();
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['3', '产品标识', '产品标识“lamp-x9”不存在'],
      ['5', '设备标识', '与第2行的设备标识重复'],
      ['8', '控制码', '请输入控制码'],
    ]);
  });

  it('shows the same report in English', async () => {
    await act(() => changeLocale('en-US'));
    const { pick } = renderPage();
    pick(workbook());
    const section = await screen.findByRole('region', { name: 'Import report' });
    expect(within(section).getByText('Import finished: 7 imported, 3 refused')).toBeTruthy();
    expect(within(section).getByText('No product has the key “lamp-x9”')).toBeTruthy();
    expect(within(section).getByText('Same device key as row 2')).toBeTruthy();
    expect(within(section).getByText('Product key')).toBeTruthy();
    expect(within(section).getByText('Please enter the control code')).toBeTruthy();
  });

  it('refuses a file that is not .xlsx before sending it', async () => {
    const { pick, calls } = renderPage();
    pick(new File(['a,b'], 'devices.csv', { type: 'text/csv' }));
    expect(await screen.findByText('请上传 .xlsx 格式的Excel文件')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((call) => call.path === deviceEndpoints.importDevices.path)).toBe(false),
    );
  });

  it('offers the template but no import without the import button code', async () => {
    renderPage([]);
    expect(await screen.findByRole('button', { name: /下载模板/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导入/ })).toBeNull();
  });
});
