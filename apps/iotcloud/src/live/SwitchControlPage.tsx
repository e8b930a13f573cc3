import { useState } from 'react';
import { Button, Card, Flex, Space, Typography } from 'antd';
import {
  BUTTON_CODES,
  SELECT_DEVICES_MAX,
  SWITCH_PAGE,
  TYPE_SMART_SWITCH,
  commandEndpoints,
  telemetryEndpoints,
  type CommandRow,
  type LiveDevice,
} from '@cityops/contract';
import { DataTable, useEndpointMutation, type CrudColumn, LiveBadge } from '@cityops/crud';
import { i18n, showMessage, useCan } from '@cityops/ui';
import { CommandResults } from './CommandResults';
import { LiveStyle } from './thingModels';
import { liveTexts } from './texts';
import {
  LiveSearchBar,
  deviceColumns,
  deviceRow,
  useLiveList,
  valueColumn,
  valuesAtColumn,
} from './useLiveList';

/**
 * The choice of devices to control: at most `max`; once full, the other rows cannot be ticked.
 * Answers the rows' check-box props and the choice after a change.
 */
export function limitedChoice(chosen: readonly number[], max = SELECT_DEVICES_MAX) {
  return {
    disabled: (deviceId: number) => chosen.length >= max && !chosen.includes(deviceId),
    change: (keys: readonly number[]) => keys.slice(0, max),
  };
}

/** The §5 rule before a command goes: at least one device chosen. Answers the refusal's text, or null. */
export const commandRefusal = (chosen: readonly number[]): string | null =>
  chosen.length === 0 ? i18n.t('contract:command.deviceRequired') : null;

/**
 * 智能开关控制: the smart switches with their live on/off, power and voltage; choose up
 * to ten and switch them 开 or 关 (setSwitch {on}); with none chosen the page says §5's rule and sends
 * nothing. Each device's result is listed, and its new state arrives by push.
 */
export function SwitchControlPage() {
  const t = liveTexts.useTexts();
  const canControl = useCan(BUTTON_CODES.smartSwitchControl.control);
  const { list, query, live, propertiesOf } = useLiveList(
    telemetryEndpoints.liveSwitches,
    {},
    TYPE_SMART_SWITCH,
  );
  const [chosen, setChosen] = useState<number[]>([]);
  const [results, setResults] = useState<CommandRow[]>([]);
  const send = useEndpointMutation(
    commandEndpoints.send,
    ({ deviceIds, on }: { deviceIds: number[]; on: boolean }) => ({
      body: { deviceIds, service: 'setSwitch', params: { on } },
    }),
  );
  const choice = limitedChoice(chosen);

  const run = (on: boolean) => {
    const refused = commandRefusal(chosen);
    if (refused) {
      showMessage('WARN', refused);
      return;
    }
    setResults([]);
    send.mutate({ deviceIds: chosen, on }, { onSuccess: setResults });
  };

  const columns: CrudColumn<LiveDevice>[] = [
    ...deviceColumns(t),
    valueColumn('on', t('on'), propertiesOf, live.flashes),
    valueColumn('power', t('power'), propertiesOf, live.flashes),
    valueColumn('voltage', t('voltage'), propertiesOf, live.flashes),
    valuesAtColumn(t),
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <LiveStyle />
      <LiveSearchBar list={list} />
      <Flex vertical gap={12}>
        <DataTable
          tableKey={SWITCH_PAGE}
          rowKey="deviceId"
          columns={columns}
          query={query}
          list={list}
          toolbar={
            <Space>
              {canControl && (
                <>
                  <Button type="primary" loading={send.isPending} onClick={() => run(true)}>
                    {t('switchOn')}
                  </Button>
                  <Button loading={send.isPending} onClick={() => run(false)}>
                    {t('switchOff')}
                  </Button>
                </>
              )}
              <Typography.Text type="secondary">
                {t('chosen', { count: chosen.length, max: SELECT_DEVICES_MAX })}
              </Typography.Text>
              <LiveBadge state={live.state} />
            </Space>
          }
          tableProps={{
            onRow: deviceRow,
            rowSelection: canControl
              ? {
                  selectedRowKeys: chosen,
                  hideSelectAll: true,
                  onChange: (keys) => setChosen(choice.change(keys.map(Number))),
                  getCheckboxProps: (row: LiveDevice) => ({ disabled: choice.disabled(row.deviceId) }),
                }
              : undefined,
          }}
        />
        {send.isPending && <Typography.Text type="secondary">{t('sending')}</Typography.Text>}
        {results.length > 0 && <CommandResults rows={results} />}
      </Flex>
    </Card>
  );
}
