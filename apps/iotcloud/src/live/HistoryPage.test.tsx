import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { telemetryEndpoints } from '@cityops/contract';
import { renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { liveDevice, liveServer } from '../test/devices';
import { HistoryPage } from './HistoryPage';
import { sentEnd } from './historyForm';

beforeAll(() => initI18n('zh-CN'));

const sensor = liveDevice(7, '环境监测00001', { typeCode: '0401', productId: 1, productName: '环境监测仪' });
const FORMAT = 'YYYY-MM-DD HH:mm';

function render(asked: unknown[]) {
  return renderWithKit(<HistoryPage />, {
    server: {
      ...liveServer(telemetryEndpoints.live, [sensor]),
      [telemetryEndpoints.history.path]: ({ body }) => {
        asked.push(body);
        return { deviceId: 7, points: [], truncated: false };
      },
    },
  });
}

/** Types a range into the picker's two inputs, as a user may. */
function typeRange(start: dayjs.Dayjs, end: dayjs.Dayjs) {
  const [from, to] = screen.getAllByPlaceholderText(/日期|时间/) as HTMLInputElement[];
  if (!from || !to) throw new Error('no range inputs');
  fireEvent.mouseDown(from);
  fireEvent.focus(from);
  fireEvent.change(from, { target: { value: start.format(FORMAT) } });
  fireEvent.keyDown(from, { key: 'Enter', code: 'Enter' });
  fireEvent.focus(to);
  fireEvent.change(to, { target: { value: end.format(FORMAT) } });
  fireEvent.keyDown(to, { key: 'Enter', code: 'Enter' });
}

async function chooseSensor() {
  const select = screen.getByRole('combobox');
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByTitle('环境监测00001'));
}

describe('历史数据: the 7-day rule (§5) in the form', () => {
  it('refuses a span over 7 days with the rule’s words, before any call', async () => {
    const asked: unknown[] = [];
    render(asked);
    await chooseSensor();
    const end = dayjs().startOf('minute');
    typeRange(end.subtract(8, 'day'), end);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('查询时间跨度不能超过7天')).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('refuses a range reaching back more than 7 days', async () => {
    const asked: unknown[] = [];
    render(asked);
    await chooseSensor();
    const end = dayjs().subtract(6, 'day').startOf('minute');
    typeRange(end.subtract(2, 'day'), end);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('只能查询最近7天的历史数据')).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('asks the server for a range within the rule', async () => {
    const asked: unknown[] = [];
    render(asked);
    await chooseSensor();
    const end = dayjs().startOf('minute');
    typeRange(end.subtract(2, 'day'), end);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(asked).toHaveLength(1));
    const body = asked[0] as { deviceId: number; start: string; end: string };
    expect(body.deviceId).toBe(7);
    expect(body.start).toBe(end.subtract(2, 'day').toISOString());
    // A range ending this minute means until now: the last seconds' reports count.
    expect(Date.parse(body.end)).toBeGreaterThanOrEqual(end.valueOf());
    expect(Date.parse(body.end)).toBeLessThanOrEqual(Date.now());
    expect(await screen.findByText('该时间段内没有数据')).toBeTruthy();
  });
});

describe('the end a query is sent with', () => {
  const minute = 60_000;
  const day = 86_400_000;
  const now = Date.parse('2026-11-24T07:05:42.000Z');
  it('is the chosen end when it lies before this minute', () => {
    const end = Date.parse('2026-11-24T06:00:00.000Z');
    expect(sentEnd(end - day, end, now)).toBe(end);
  });
  it('is now for a range ending this minute, never beyond the 7-day span', () => {
    const end = Date.parse('2026-11-24T07:05:00.000Z');
    expect(sentEnd(end - day, end, now)).toBe(now);
    expect(sentEnd(end - 7 * day, end, now)).toBe(end);
    expect(sentEnd(end - 7 * day + minute, end, now)).toBe(now);
  });
});
