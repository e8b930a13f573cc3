import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Space, Switch, Typography } from 'antd';
import {
  BUTTON_CODES,
  GATEWAY_CONTROL_PAGE,
  TYPE_GATEWAY,
  commandEndpoints,
  telemetryEndpoints,
  type CommandRow,
  type LiveDevice,
  type SendCommand,
} from '@cityops/contract';
import { DataTable, useEndpointMutation, type CrudColumn, LiveBadge } from '@cityops/crud';
import { useCan } from '@cityops/ui';
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

export const RELAY_CHANNELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** Whether relay `channel` (1-8) is closed in the gateway's `relays` bit mask (bit 0 = channel 1). */
export const relayOn = (relays: unknown, channel: number): boolean =>
  typeof relays === 'number' && (relays & (1 << (channel - 1))) !== 0;

const FIXED = { typeCode: TYPE_GATEWAY } as const;

/**
 * 网关手动控制: the IoT gateways (type 0701) live, each with its eight relay channels
 * switched on or off one at a time (setRelay {channel, on}) and a restart; each command's result per
 * device is listed, and the relays' new state arrives by push.
 */
export function GatewayControlPage() {
  const t = liveTexts.useTexts();
  const canControl = useCan(BUTTON_CODES.manualControl.control);
  const { list, query, live, propertiesOf } = useLiveList(telemetryEndpoints.live, FIXED, TYPE_GATEWAY);
  const [results, setResults] = useState<CommandRow[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const send = useEndpointMutation(commandEndpoints.sendGateway, (body: SendCommand) => ({ body }));

  const run = (key: string, body: SendCommand) => {
    setBusy(key);
    setResults([]);
    send.mutate(body, { onSuccess: setResults, onSettled: () => setBusy(null) });
  };

  const columns: CrudColumn<LiveDevice>[] = [
    ...deviceColumns(t),
    {
      key: 'relays',
      title: t('relays'),
      render: (_, row) => (
        <Space size={6} wrap>
          {RELAY_CHANNELS.map((channel) => {
            const on = relayOn(row.values.relays, channel);
            const key = `${row.deviceId}:${channel}`;
            return (
              <Switch
                key={channel}
                size="small"
                checked={on}
                loading={busy === key}
                disabled={!canControl || (busy !== null && busy !== key)}
                checkedChildren={channel}
                unCheckedChildren={channel}
                aria-label={t('channel', { n: channel })}
                onChange={(next) =>
                  run(key, { deviceIds: [row.deviceId], service: 'setRelay', params: { channel, on: next } })
                }
              />
            );
          })}
        </Space>
      ),
    },
    valueColumn('uptime', t('uptime'), propertiesOf, live.flashes),
    valuesAtColumn(t),
    {
      key: 'controls',
      title: t('controls'),
      fixed: true,
      hidden: !canControl,
      render: (_, row) => (
        <Popconfirm
          title={t('confirmRestart', { name: row.name })}
          onConfirm={() => run(`${row.deviceId}:restart`, { deviceIds: [row.deviceId], service: 'restart' })}
        >
          <Button size="small" danger loading={busy === `${row.deviceId}:restart`}>
            {t('restart')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <LiveStyle />
      <LiveSearchBar list={list} />
      <Flex vertical gap={12}>
        <DataTable
          tableKey={GATEWAY_CONTROL_PAGE}
          rowKey="deviceId"
          columns={columns}
          query={query}
          list={list}
          toolbar={<LiveBadge state={live.state} />}
          tableProps={{ onRow: deviceRow }}
        />
        {send.isPending && <Typography.Text type="secondary">{t('sending')}</Typography.Text>}
        {results.length > 0 && <CommandResults rows={results} />}
      </Flex>
    </Card>
  );
}
