import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { projectEndpoints, statisticsEndpoints, todayInChina, type Statistics } from '@cityops/contract';
import { renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { StatisticsPage } from './StatisticsPage';

beforeAll(() => initI18n('zh-CN'));

// jsdom has no canvas: the charts show their options as text, which is what this page decides.
vi.mock('@cityops/ui/charts', () => ({
  EChart: ({ label, option }: { label: string; option: unknown }) => (
    <div role="img" aria-label={label}>
      {JSON.stringify(option)}
    </div>
  ),
}));

const figures: Statistics = {
  alarms: {
    total: 1234,
    byState: [
      { key: 'waiting', count: 4 },
      { key: 'finish', count: 30 },
    ],
    byLevel: [
      { key: 'error', count: 12 },
      { key: 'tips', count: 22 },
    ],
    byKind: [{ key: 'alarm', count: 34 }],
    byType: [{ key: '0501', count: 34 }],
    byTitle: [{ key: '井盖倾斜', count: 20 }],
    responseSeconds: { mean: 90, p95: 7200 },
  },
  orders: {
    total: 56,
    bySource: [{ key: '120202', count: 50 }],
    byState: [{ key: 'reviewing', count: 6 }],
    byLevel: [],
    handlingSeconds: { mean: 45, p95: null },
    onTimeRate: 0.875,
    overdueOpen: 3,
  },
  daily: [{ day: '2026-11-24', alarms: 7, orders: 2, done: 1 }],
};

const render = () =>
  renderWithKit(<StatisticsPage />, {
    server: {
      [statisticsEndpoints.summary.path]: () => figures,
      [projectEndpoints.listByUser.path]: () => [],
    },
  });

/** Types a date into one side of the range picker and confirms it. */
function typeDate(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('运维统计', { timeout: 60_000 }, () => {
  it('asks for the last 30 days and shows the figures and charts by the contract names', async () => {
    const view = render();
    expect(await screen.findByText('1234')).toBeTruthy();
    const today = todayInChina();
    const from = dayjs(today).subtract(29, 'day').format('YYYY-MM-DD');
    expect(view.calls.find((call) => call.path === statisticsEndpoints.summary.path)?.body).toEqual({
      projectId: undefined,
      from: `${from} 00:00:00`,
      to: `${today} 23:59:59`,
    });
    expect(screen.getByText('1.5分钟')).toBeTruthy();
    expect(screen.getByText('2.0小时')).toBeTruthy();
    expect(screen.getByText('45秒')).toBeTruthy();
    expect(screen.getByText('87.5%')).toBeTruthy();
    expect(screen.getByText('56')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    const chart = (name: string) => screen.getByRole('img', { name }).textContent ?? '';
    expect(chart('告警等级分布')).toContain('"name":"重要","value":12');
    expect(chart('告警状态分布')).toContain('处理完成');
    expect(chart('告警设备类型分布')).toContain('智能井盖');
    expect(chart('告警类型排行')).toContain('井盖倾斜');
    expect(chart('工单来源分布')).toContain('"name":"告警工单","value":50');
    expect(chart('工单状态分布')).toContain('待审核');
    expect(chart('每日趋势')).toContain('2026-11-24');
  });

  it('refuses a period over a year and asks nothing for it', async () => {
    const view = render();
    await screen.findByText('1234');
    const [start, end] = screen.getAllByRole('textbox').filter((input) => input.closest('.ant-picker'));
    if (!start || !end) throw new Error('no range picker');
    typeDate(start, '2025-01-01');
    typeDate(end, '2026-11-24');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('统计时间范围最长1年')).toBeTruthy();
    const asked = view.calls.filter((call) => call.path === statisticsEndpoints.summary.path);
    expect(asked).toHaveLength(1);

    typeDate(start, '2026-01-01');
    typeDate(end, '2026-11-24');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(
        view.calls.filter((call) => call.path === statisticsEndpoints.summary.path).at(-1)?.body,
      ).toEqual({
        projectId: undefined,
        from: '2026-01-01 00:00:00',
        to: '2026-11-24 23:59:59',
      }),
    );
  });
});
