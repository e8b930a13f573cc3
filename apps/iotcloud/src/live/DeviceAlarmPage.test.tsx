import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceAlarmEndpoints, type AlarmListRequest } from '@cityops/contract';
import { alarmRow, renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { page } from '../test/devices';
import { LampAlarmPage, LoopAlarmPage, WellLidAlarmPage } from './DeviceAlarmPage';

beforeAll(() => initI18n('zh-CN'));

function render(Page: () => React.JSX.Element, path: string) {
  const asked: AlarmListRequest[] = [];
  renderWithKit(<Page />, {
    path,
    server: {
      [deviceAlarmEndpoints.page.path]: ({ body }) => {
        asked.push(body as AlarmListRequest);
        return page([
          alarmRow(1, { deviceName: '回路控制器00001', typeCode: '0301', title: '回路失电', count: 4 }),
          alarmRow(2, {
            deviceName: '回路控制器00002',
            typeCode: '0301',
            title: '回路过流',
            level: 'tips',
            state: 'auto_recover',
            recoveredAt: '2026-11-24T06:30:00.000Z',
          }),
        ]);
      },
    },
  });
  return asked;
}

describe('the device pages’ alarm records', () => {
  it('回路告警 asks the engine for loop controllers only and shows §4’s levels and states', async () => {
    const asked = render(LoopAlarmPage, '/iotcloud/iot/lamp/loopAlarm');
    const row = (await screen.findByText('回路控制器00001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('回路失电')).toBeTruthy();
    expect(within(row).getByText('重要')).toBeTruthy();
    expect(within(row).getByText('待处理')).toBeTruthy();
    const recovered = screen.getByText('回路控制器00002').closest('tr') as HTMLElement;
    expect(within(recovered).getByText('提示')).toBeTruthy();
    expect(within(recovered).getByText('自动恢复')).toBeTruthy();
    expect(within(recovered).getByText('2026-11-24 14:30:00')).toBeTruthy();
    expect(asked[0]).toMatchObject({ typeCode: '0301' });
  });

  it('路灯告警记录 asks for lamp controllers', async () => {
    const lamp = render(LampAlarmPage, '/iotcloud/iot/lamp/alarmRecord');
    await screen.findByText('回路控制器00001');
    expect(lamp[0]).toMatchObject({ typeCode: '0201' });
  });

  it('井盖告警记录 asks for well lids', async () => {
    const lid = render(WellLidAlarmPage, '/iotcloud/iot/wellLid/alarmRecord');
    await screen.findByText('回路控制器00001');
    expect(lid[0]).toMatchObject({ typeCode: '0501' });
  });
});
