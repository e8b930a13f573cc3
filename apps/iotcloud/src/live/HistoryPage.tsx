import { useMemo, useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Flex, Form, Segmented, Select, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  BUTTON_CODES,
  TYPE_ENV_SENSOR,
  chinaDateTime,
  historyExport,
  telemetryEndpoints,
  type History,
  type HistoryRequest,
  type LiveDevice,
} from '@cityops/contract';
import { endpointKey, usePageQuery } from '@cityops/crud';
import { useCrud } from '@cityops/crud';
import { ExportButton, platformNow, useCan } from '@cityops/ui';
import { EChart, type ChartOption } from '@cityops/ui/charts';
import { historyRangeRule, sentEnd, type HistoryRange } from './historyForm';
import { formatValue, useProductProperties, type PropertyInfo } from './thingModels';
import { liveTexts } from './texts';

interface HistoryValues {
  deviceId?: number;
  range?: HistoryRange;
}

const SENSORS_SHOWN = 100;

/** The range a visit starts with: the last 24 hours, to the minute, on the platform's clock. */
const lastDay = (): HistoryRange => {
  const end = platformNow().startOf('minute');
  return [end.subtract(1, 'day'), end];
};

/** The sensors to choose from, by name, key or control code (the first hundred that match). */
function useSensorOptions(keyword: string) {
  const query = usePageQuery(telemetryEndpoints.live, {
    typeCode: TYPE_ENV_SENSOR,
    keyword: keyword || undefined,
    pageNum: 1,
    pageSize: SENSORS_SHOWN,
  });
  return query.data?.list ?? [];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

const numeric = (property: PropertyInfo) => property.spec.type === 'int' || property.spec.type === 'float';

/** One line chart of a property over the range, zoomable. */
function PropertyChart({ history, property }: { history: History; property: PropertyInfo }) {
  const t = liveTexts.useTexts();
  const unit = numeric(property) && 'unit' in property.spec ? property.spec.unit : '';
  const option = useMemo<ChartOption>(
    () => ({
      title: {
        text: unit ? `${property.name}(${unit})` : property.name,
        left: 'center',
        textStyle: { fontSize: 14 },
      },
      // Times in China time, as the table and the rest of the platform show them.
      tooltip: {
        trigger: 'axis',
        formatter: (params) => {
          const first = Array.isArray(params) ? params[0] : params;
          const [time, value] = (first?.value ?? []) as [number, number];
          // The tooltip is HTML: the model's names are escaped.
          return `${chinaDateTime(time)}<br/>${escapeHtml(`${property.name}: ${value}${unit ? ` ${unit}` : ''}`)}`;
        },
      },
      grid: { left: 56, right: 24, top: 40, bottom: 72 },
      xAxis: {
        type: 'time',
        axisLabel: { formatter: (value: number) => chinaDateTime(value).slice(5, 16).replace(' ', '\n') },
      },
      yAxis: { type: 'value', scale: true },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 6 }],
      series: [
        {
          type: 'line',
          name: property.name,
          showSymbol: false,
          data: history.points.flatMap((point) => {
            const value = point.v[property.identifier];
            return typeof value === 'number' ? [[point.t, value]] : [];
          }),
        },
      ],
    }),
    [history, property, unit],
  );
  return <EChart option={option} height={280} label={t('chartLabel', { name: property.name })} />;
}

/**
 * 历史数据: a sensor and a time range (§5: at most 7 days, only the last 7 days, checked
 * by the form before any call, as the server does), then a line chart per property with zoom, the
 * same points as a table, and their export.
 */
export function HistoryPage() {
  const t = liveTexts.useTexts();
  const { http } = useCrud();
  const canExport = useCan(BUTTON_CODES.historyRecord.export);
  const [form] = Form.useForm<HistoryValues>();
  const [keyword, setKeyword] = useState('');
  const sensors = useSensorOptions(keyword);
  const [request, setRequest] = useState<HistoryRequest | null>(null);
  const [chosen, setChosen] = useState<LiveDevice | null>(null);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const history = useQuery({
    queryKey: endpointKey(telemetryEndpoints.history, request),
    queryFn: ({ signal }) => http.call(telemetryEndpoints.history, { body: request ?? undefined, signal }),
    enabled: request !== null,
  });
  const propertiesOf = useProductProperties(
    chosen ? [chosen.productId] : [],
    chosen?.typeCode ?? TYPE_ENV_SENSOR,
  );
  const properties = [...propertiesOf(chosen?.productId).values()].filter(numeric);
  const data = history.data;
  // Two reports may share a millisecond: the table's rows are keyed by their place.
  const points = useMemo(() => (data?.points ?? []).map((point, key) => ({ ...point, key })), [data]);

  const search = ({ deviceId, range }: HistoryValues) => {
    if (deviceId === undefined || !range) return;
    setChosen(sensors.find((sensor) => sensor.deviceId === deviceId) ?? chosen);
    const [start, end] = [range[0].valueOf(), range[1].valueOf()];
    setRequest({
      deviceId,
      start: new Date(start).toISOString(),
      end: new Date(sentEnd(start, end, Date.now())).toISOString(),
    });
  };

  const columns = [
    { key: 't', title: t('time'), dataIndex: 't', render: (time: number) => chinaDateTime(time) },
    ...properties.map((property) => ({
      key: property.identifier,
      title: property.name,
      render: (_: unknown, point: History['points'][number]) =>
        formatValue(point.v[property.identifier], property.spec),
    })),
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <Form<HistoryValues>
        form={form}
        layout="inline"
        role="search"
        initialValues={{ range: lastDay() }}
        onFinish={search}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item
          name="deviceId"
          label={t('device')}
          rules={[{ required: true, message: t('chooseDevice') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('chooseDevice')}
            style={{ width: 220 }}
            options={sensors.map((sensor) => ({ value: sensor.deviceId, label: sensor.name }))}
          />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('range')}
          rules={[{ required: true, message: t('chooseRange') }, historyRangeRule()]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            // Enter confirms a typed time in the picker; it must not submit the query with the range
            // as it stood before.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={history.isFetching}>
              {t('query')}
            </Button>
            {canExport && (
              <ExportButton
                disabled={request === null}
                download={(onProgress) =>
                  http.download(historyExport, { body: request ?? undefined, onProgress })
                }
              />
            )}
          </Flex>
        </Form.Item>
      </Form>
      {data && (
        <Flex vertical gap={12}>
          <Segmented
            value={view}
            onChange={(value) => setView(value as 'chart' | 'table')}
            options={[
              { value: 'chart', label: t('chart') },
              { value: 'table', label: t('table') },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {data.truncated && <Alert type="info" showIcon title={t('truncated')} />}
          {data.points.length === 0 ? (
            <Empty description={t('noHistory')} />
          ) : view === 'chart' ? (
            properties.map((property) => (
              <PropertyChart key={property.identifier} history={data} property={property} />
            ))
          ) : (
            <Table
              size="small"
              columns={columns}
              dataSource={points}
              pagination={{ pageSize: 20, showSizeChanger: false }}
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
