import { useMemo, type ReactNode } from 'react';
import { Form, Input, Select, Tag } from 'antd';
import type { telemetryEndpoints } from '@cityops/contract';
import {
  chinaDateTime,
  liveListRequestSchema,
  type DeviceType,
  type LiveDevice,
  type LiveListRequest,
} from '@cityops/contract';
import { SearchBar, usePageQuery, useListState, type CrudColumn } from '@cityops/crud';
import { useLiveDevices, type Flashes, flashKey } from './useLiveDevices';
import { LiveValue, useProductProperties, type Properties, type PropertiesOf } from './thingModels';
import { liveTexts } from './texts';

const NO_ROWS: LiveDevice[] = [];

/** The lists of devices with their latest values. */
export type LiveEndpoint =
  | typeof telemetryEndpoints.live
  | typeof telemetryEndpoints.liveSwitches
  | typeof telemetryEndpoints.liveWellLids;

/**
 * A live list page's state: its request in the address bar (filters, paging) with the page's fixed
 * filters over it, the page of devices, the live socket following the rows shown, and the
 * properties of their products.
 */
export function useLiveList(
  endpoint: LiveEndpoint,
  fixed: Partial<LiveListRequest> = {},
  typeCode?: DeviceType,
) {
  const list = useListState(liveListRequestSchema);
  const request: LiveListRequest = { ...list.state, ...fixed };
  // The three live lists share one request and one answer; only their paths differ.
  const query = usePageQuery(endpoint as typeof telemetryEndpoints.live, request);
  const rows = query.data?.list ?? NO_ROWS;
  const deviceIds = useMemo(() => rows.map((row) => row.deviceId), [rows]);
  const live = useLiveDevices(endpoint, deviceIds);
  const productIds = useMemo(() => rows.map((row) => row.productId), [rows]);
  const propertiesOf = useProductProperties(productIds, typeCode);
  return { list, query, rows, live, propertiesOf };
}

/** The search form of a live list: keyword and online state, and the page's own fields. */
export function LiveSearchBar({
  list,
  extra,
}: {
  list: ReturnType<typeof useLiveList>['list'];
  extra?: ReactNode;
}) {
  const t = liveTexts.useTexts();
  const online = list.state.online;
  return (
    <SearchBar
      values={{ keyword: list.state.keyword, online: online === undefined ? undefined : String(online) }}
      onSearch={(values) =>
        list.update({
          keyword: values.keyword,
          online: values.online === undefined ? undefined : values.online === 'true',
        })
      }
      onReset={list.reset}
    >
      <Form.Item name="keyword" label={t('keyword')}>
        <Input allowClear maxLength={50} placeholder={t('keywordHint')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="online" label={t('online')}>
        <Select
          allowClear
          placeholder={t('all')}
          style={{ width: 120 }}
          options={[
            { value: 'true', label: t('onlineYes') },
            { value: 'false', label: t('onlineNo') },
          ]}
        />
      </Form.Item>
      {extra}
    </SearchBar>
  );
}

type Translate = ReturnType<typeof liveTexts.useTexts>;

/** The name, area and online columns every live list starts with. */
export function deviceColumns(t: Translate): CrudColumn<LiveDevice>[] {
  return [
    { key: 'name', title: t('name'), sortField: 'name' },
    { key: 'controlCode', title: t('controlCode'), render: (_, row) => row.controlCode ?? t('noValue') },
    { key: 'areaName', title: t('area'), render: (_, row) => row.areaName ?? t('noValue') },
    {
      key: 'online',
      title: t('online'),
      render: (_, row) => (
        <Tag color={row.online ? 'success' : 'default'} data-online={row.online}>
          {row.online ? t('onlineYes') : t('onlineNo')}
        </Tag>
      ),
    },
  ];
}

/** A column of one live property, titled by its name and unit, its cell highlighted when pushed. */
export function valueColumn(
  identifier: string,
  title: string,
  propertiesOf: PropertiesOf,
  flashes: Flashes,
): CrudColumn<LiveDevice> {
  return {
    key: identifier,
    title,
    render: (_, row) => (
      <LiveValue
        identifier={identifier}
        value={row.values[identifier]}
        property={propertiesOf(row.productId, row.typeCode).get(identifier)}
        flashedAt={flashes[flashKey(row.deviceId, identifier)]}
      />
    ),
  };
}

/** The time of the latest values. */
export function valuesAtColumn(t: Translate): CrudColumn<LiveDevice> {
  return {
    key: 'valuesAt',
    title: t('valuesAt'),
    sortField: 'lastSeenAt',
    render: (_, row) => (row.valuesAt ? chinaDateTime(row.valuesAt) : t('noValue')),
  };
}

/** A property's title with its unit, from the first row's product (else the demo's). */
export function propertyTitle(identifier: string, fallback: string, properties: Properties): string {
  const info = properties.get(identifier);
  const unit = info && (info.spec.type === 'int' || info.spec.type === 'float') ? info.spec.unit : '';
  const name = info?.name ?? fallback;
  return unit ? `${name}(${unit})` : name;
}

/** Row attributes that name the device (for tools and the browser tests). */
export const deviceRow = (row: LiveDevice) => ({ 'data-device': row.deviceKey }) as object;
