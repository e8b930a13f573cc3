import { useState, type ReactNode } from 'react';
import {
  Alert,
  Card,
  Descriptions,
  Empty,
  Form,
  Select,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { z } from 'zod';
import {
  deviceTypeName,
  ALARM_LEVEL_NAMES,
  ALARM_STATE_NAMES,
  deviceEndpoints,
  idFilter,
  nameOf,
  productNameOf,
  type CommandRow,
  type DeviceAlarmRow,
  type DeviceRow,
  type FaultRow,
  type FunctionRow,
  type TelemetryValue,
  alarmTitle,
} from '@cityops/contract';
import { LoadFailedAlert, popupPagination, useListState, usePageQuery, usePopupPaging } from '@cityops/crud';
import { OnlineState } from './DeviceListPage';
import {
  useDevice,
  useDeviceCommands,
  useDeviceFaults,
  useLatestValues,
  useOpenAlarms,
  useQuietModel,
} from './queries';
import { listTime, useLocale } from './shared';
import { assetTexts, type AssetText } from './texts';
import { DeviceMaintenance } from '../maintenance/DeviceMaintenance';

const deviceChoiceSchema = z.object({ deviceId: idFilter });

/** A device chooser searching by name, key or control code (the registry's list). */
function DevicePicker({
  device,
  onChange,
}: {
  device: DeviceRow | undefined;
  onChange(deviceId?: number): void;
}) {
  const t = assetTexts.useTexts();
  const [keyword, setKeyword] = useState('');
  const found = usePageQuery(deviceEndpoints.page, {
    pageNum: 1,
    pageSize: 20,
    keyword: keyword || undefined,
  });
  const options = (found.data?.list ?? []).map((row) => ({
    value: row.deviceId,
    label: `${row.name} (${row.deviceKey})`,
  }));
  if (device && !options.some((option) => option.value === device.deviceId))
    options.unshift({ value: device.deviceId, label: `${device.name} (${device.deviceKey})` });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      placeholder={t('chooseDevice')}
      aria-label={t('chooseDevice')}
      style={{ width: 320 }}
      value={device?.deviceId}
      loading={found.isFetching}
      options={options}
      onChange={(value: number | undefined) => onChange(value)}
    />
  );
}

/** A reported value as the model names it: enumerations and switches by their labels, numbers with units. */
export function valueText(spec: FunctionRow | undefined, value: TelemetryValue): string {
  if (!spec || spec.kind !== 'property') return String(value);
  const type = spec.spec;
  switch (type.type) {
    case 'int':
    case 'float':
      return type.unit ? `${value} ${type.unit}` : String(value);
    case 'bool':
      return (value ? type.trueLabel : type.falseLabel) || String(value);
    case 'enum':
      return type.values.find((choice) => choice.value === value)?.label ?? String(value);
    case 'text':
      return String(value);
  }
}

function LatestValues({ device, functions }: { device: DeviceRow; functions: readonly FunctionRow[] }) {
  const t = assetTexts.useTexts();
  const { query, live } = useLatestValues(device);
  const entries = Object.entries(live?.values ?? {});
  return (
    <Card
      title={t('latestValues')}
      variant="borderless"
      style={{ marginBottom: 16 }}
      extra={
        live?.valuesAt && (
          <Typography.Text type="secondary">
            {t('valuesAt', { time: listTime(live.valuesAt) })}
          </Typography.Text>
        )
      }
    >
      <LoadFailedAlert query={query} />
      {entries.length === 0 ? (
        !query.isLoading && !query.isError && <Empty description={t('noValues')} />
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
          {entries.map(([identifier, value]) => {
            const spec = functions.find((row) => row.identifier === identifier);
            return (
              <Descriptions.Item key={identifier} label={spec ? `${spec.name} (${identifier})` : identifier}>
                {valueText(spec, value)}
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      )}
    </Card>
  );
}

/** One panel of the page: a titled card with its table, or the reason its data could not be read. */
function PanelTable<Row extends object>({
  title,
  query,
  ...table
}: {
  title: string;
  query: { isError: boolean; isLoading: boolean; error: Error | null; refetch(): unknown };
  rowKey: keyof Row & string;
  dataSource: Row[];
  columns: ColumnsType<Row>;
  pagination: TableProps<Row>['pagination'];
}) {
  return (
    <Card title={title} variant="borderless" style={{ marginBottom: 16 }}>
      <LoadFailedAlert query={query} />
      <Table<Row> size="small" loading={query.isLoading} {...table} />
    </Card>
  );
}

const COMMAND_COLORS: Record<CommandRow['state'], string> = {
  sent: 'processing',
  succeeded: 'success',
  failed: 'error',
  timeout: 'warning',
  offline: 'default',
};

function Commands({ deviceId }: { deviceId: number }) {
  const t = assetTexts.useTexts();
  const paging = usePopupPaging();
  const query = useDeviceCommands(deviceId, paging);
  return (
    <PanelTable<CommandRow>
      title={t('commands')}
      query={query}
      rowKey="commandId"
      dataSource={query.data?.list ?? []}
      pagination={paging.pagination(query.data?.total ?? 0)}
      columns={[
        { key: 'service', title: t('service'), dataIndex: 'service' },
        { key: 'params', title: t('commandParams'), render: (_, row) => JSON.stringify(row.params) },
        {
          key: 'state',
          title: t('commandState'),
          render: (_, row) => <Tag color={COMMAND_COLORS[row.state]}>{t(`command_${row.state}`)}</Tag>,
        },
        {
          key: 'reply',
          title: t('reply'),
          render: (_, row) =>
            [row.replyCode === null ? '' : `#${row.replyCode}`, row.replyMessage].filter(Boolean).join(' '),
        },
        { key: 'sender', title: t('sender'), dataIndex: 'sender' },
        { key: 'sentAt', title: t('sentAt'), render: (_, row) => listTime(row.sentAt) },
      ]}
    />
  );
}

function Faults({ deviceId }: { deviceId: number }) {
  const t = assetTexts.useTexts();
  const query = useDeviceFaults(deviceId);
  return (
    <PanelTable<FaultRow>
      title={t('faults')}
      query={query}
      rowKey="faultId"
      dataSource={query.data ?? []}
      pagination={popupPagination()}
      columns={[
        { key: 'kind', title: t('faultKind'), render: (_, row) => t(`fault_${row.kind}`) },
        { key: 'detail', title: t('faultDetail'), dataIndex: 'detail' },
        { key: 'at', title: t('faultAt'), render: (_, row) => listTime(row.at) },
      ]}
    />
  );
}

function OpenAlarms({ deviceId }: { deviceId: number }) {
  const t = assetTexts.useTexts();
  const locale = useLocale();
  const { query, open } = useOpenAlarms(deviceId);
  return (
    <PanelTable<DeviceAlarmRow>
      title={t('alarms')}
      query={query}
      rowKey="alarmId"
      dataSource={open}
      pagination={false}
      columns={[
        { key: 'title', title: t('alarmTitle'), render: (_, row) => alarmTitle(row, locale) },
        {
          key: 'level',
          title: t('alarmLevel'),
          render: (_, row) => nameOf(ALARM_LEVEL_NAMES, row.level, locale),
        },
        {
          key: 'state',
          title: t('alarmState'),
          render: (_, row) => nameOf(ALARM_STATE_NAMES, row.state, locale),
        },
        {
          key: 'value',
          title: t('alarmValue'),
          render: (_, row) => (row.value === null ? '' : String(row.value)),
        },
        { key: 'count', title: t('alarmCount'), dataIndex: 'count' },
        { key: 'firstAt', title: t('alarmFirstAt'), render: (_, row) => listTime(row.firstAt) },
        { key: 'lastAt', title: t('alarmLastAt'), render: (_, row) => listTime(row.lastAt) },
      ]}
    />
  );
}

function DeviceInfo({ device }: { device: DeviceRow }) {
  const t = assetTexts.useTexts();
  const locale = useLocale();
  const fields: [AssetText, ReactNode][] = [
    ['deviceName', device.name],
    ['deviceKey', device.deviceKey],
    ['controlCode', device.controlCode ?? t('none')],
    ['product', productNameOf(device, locale)],
    ['type', deviceTypeName(device.typeCode, locale)],
    ['project', device.projectName],
    ['area', device.areaName ?? t('none')],
    ['site', device.siteName ?? t('none')],
    ['segment', device.segment],
    ['location', device.longitude === null ? t('none') : `${device.longitude}, ${device.latitude}`],
    ['address', device.address],
    ['state', <OnlineState key="state" device={device} />],
    ['enabledState', device.enabled ? t('enabledYes') : t('enabledNo')],
    ['firmware', device.firmwareVersion],
    ['remarks', device.remarks],
  ];
  return (
    <Card title={t('deviceInfo')} variant="borderless" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        {fields.map(([key, value]) => (
          <Descriptions.Item key={key} label={t(key)}>
            {value}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

/**
 * 设备管理: one device, chosen here or opened from 设备列表 (`?deviceId=`): its fields,
 * its latest values named by its product's model, its commands with the device's answers, its faults
 * (telemetry the model refused), its open alarms and its maintenance records (维护记录).
 */
export function DeviceManagePage() {
  const t = assetTexts.useTexts();
  const choice = useListState(deviceChoiceSchema);
  const deviceId = choice.state.deviceId;
  const device = useDevice(deviceId);
  const model = useQuietModel(device.data?.productId);
  const row = device.data;
  return (
    <div style={{ margin: 16 }}>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Form layout="inline">
          <Form.Item label={t('deviceName')}>
            <DevicePicker device={row} onChange={(next) => choice.update({ deviceId: next })} />
          </Form.Item>
        </Form>
      </Card>
      {deviceId === undefined ? (
        <Empty description={t('noDeviceChosen')} />
      ) : device.isError ? (
        <Alert type="error" showIcon message={device.error.message} />
      ) : !row ? (
        <Card loading variant="borderless" />
      ) : (
        <>
          <DeviceInfo device={row} />
          <LatestValues device={row} functions={model.data?.functions ?? []} />
          <OpenAlarms deviceId={row.deviceId} />
          <Commands deviceId={row.deviceId} />
          <Faults deviceId={row.deviceId} />
          <DeviceMaintenance deviceId={row.deviceId} />
        </>
      )}
    </div>
  );
}
