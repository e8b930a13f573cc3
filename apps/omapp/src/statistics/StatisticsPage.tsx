import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Row, Spin, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  nameOrCode,
  ALARM_LEVEL_NAMES,
  ALARM_STATE_NAMES,
  DEVICE_TYPES,
  STATISTICS_SPAN_MAX_DAYS,
  statisticsEndpoints,
  todayInChina,
  WORK_ORDER_SOURCES,
  WORK_ORDER_STATE_NAMES,
  type Statistics,
  type StatisticsRequest,
} from '@cityops/contract';
import { ProjectFilterItem, useEndpointQuery } from '@cityops/crud';
import { EChart, type ChartOption } from '@cityops/ui/charts';
import { statisticsTexts } from './texts';
import { useLocale } from '../workOrders/queries';

type Tally = Statistics['alarms']['byLevel'];
type Period = [Dayjs, Dayjs];

interface Values {
  period?: Period | null;
  projectId?: number;
}

/** The last 30 days on China's calendar, today included. */
export function defaultPeriod(): Period {
  const today = dayjs(todayInChina(), 'YYYY-MM-DD');
  return [today.subtract(29, 'day'), today];
}

/** Whether a period spans more days than the statistics accept (a year). */
export const periodTooLong = ([from, to]: Period) => to.diff(from, 'day') + 1 > STATISTICS_SPAN_MAX_DAYS;

const requestOf = (period: Period, projectId: number | undefined): StatisticsRequest => ({
  projectId,
  from: `${period[0].format('YYYY-MM-DD')} 00:00:00`,
  to: `${period[1].format('YYYY-MM-DD')} 23:59:59`,
});

/** A count of seconds as the cards show it: seconds, minutes or hours with one decimal. */
function useDuration() {
  const t = statisticsTexts.useTexts();
  return (seconds: number | null) => {
    if (seconds === null) return t('none');
    if (seconds < 60) return t('seconds', { value: Math.round(seconds) });
    if (seconds < 3600) return t('minutes', { value: (seconds / 60).toFixed(1) });
    return t('hours', { value: (seconds / 3600).toFixed(1) });
  };
}

const pie = (title: string, rows: { name: string; value: number }[]): ChartOption => ({
  tooltip: { trigger: 'item' },
  legend: { bottom: 0 },
  series: [{ type: 'pie', name: title, radius: ['35%', '65%'], data: rows }],
});

const bar = (title: string, rows: { name: string; value: number }[], horizontal = false): ChartOption => {
  const names = { type: 'category' as const, data: rows.map((row) => row.name) };
  const values = { type: 'value' as const, minInterval: 1 };
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: horizontal ? 140 : 40, right: 24, top: 24, bottom: 40 },
    xAxis: horizontal ? values : names,
    yAxis: horizontal ? { ...names, inverse: true } : values,
    series: [{ type: 'bar', name: title, data: rows.map((row) => row.value), barMaxWidth: 36 }],
  };
};

/**
 * 运维统计 (omStatisticsInfo): for a period (the last 30 days unless chosen, at most a
 * year) and a project, the alarms and work orders in figures and charts: alarms by level, state,
 * device type and title; orders by source and state; response and handling times; the on-time rate;
 * the daily series.
 */
export function StatisticsPage() {
  const t = statisticsTexts.useTexts();
  const locale = useLocale();
  const duration = useDuration();
  const [form] = Form.useForm<Values>();
  const [request, setRequest] = useState<StatisticsRequest>(() => requestOf(defaultPeriod(), undefined));
  const summary = useEndpointQuery(statisticsEndpoints.summary, { body: request });

  const search = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values?.period) setRequest(requestOf(values.period, values.projectId));
  };

  const data = summary.data;
  const charts = useMemo(() => {
    if (!data) return null;
    const named = (rows: Tally, name: (key: string) => string) =>
      rows.map((row) => ({ name: name(row.key), value: row.count }));
    const level = (key: string) => nameOrCode(ALARM_LEVEL_NAMES, key, locale);
    return [
      {
        key: 'alarmsByLevel',
        option: pie(t('alarmsByLevel'), named(data.alarms.byLevel, level)),
      },
      {
        key: 'alarmsByState',
        option: bar(
          t('alarmsByState'),
          named(data.alarms.byState, (key) => nameOrCode(ALARM_STATE_NAMES, key, locale)),
        ),
      },
      {
        key: 'alarmsByType',
        option: bar(
          t('alarmsByType'),
          named(data.alarms.byType, (key) => nameOrCode(DEVICE_TYPES, key, locale)),
        ),
      },
      {
        key: 'topTitles',
        option: bar(
          t('topTitles'),
          named(data.alarms.byTitle, (key) => key),
          true,
        ),
      },
      {
        key: 'ordersBySource',
        option: pie(
          t('ordersBySource'),
          named(data.orders.bySource, (key) => nameOrCode(WORK_ORDER_SOURCES, key, locale)),
        ),
      },
      {
        key: 'ordersByState',
        option: bar(
          t('ordersByState'),
          named(data.orders.byState, (key) => nameOrCode(WORK_ORDER_STATE_NAMES, key, locale)),
        ),
      },
    ] as const;
  }, [data, locale, t]);

  const daily: ChartOption | null = data
    ? {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 24, top: 36, bottom: 40 },
        xAxis: { type: 'category', data: data.daily.map((day) => day.day) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { type: 'line', name: t('dailyAlarms'), data: data.daily.map((day) => day.alarms) },
          { type: 'line', name: t('dailyOrders'), data: data.daily.map((day) => day.orders) },
          { type: 'line', name: t('dailyDone'), data: data.daily.map((day) => day.done) },
        ],
      }
    : null;

  const figures: { key: Parameters<typeof t>[0]; value: string }[] = data
    ? [
        { key: 'alarmsTotal', value: String(data.alarms.total) },
        { key: 'responseMean', value: duration(data.alarms.responseSeconds.mean) },
        { key: 'responseP95', value: duration(data.alarms.responseSeconds.p95) },
        { key: 'ordersTotal', value: String(data.orders.total) },
        { key: 'handlingMean', value: duration(data.orders.handlingSeconds.mean) },
        {
          key: 'onTimeRate',
          value:
            data.orders.onTimeRate === null ? t('none') : `${(data.orders.onTimeRate * 100).toFixed(1)}%`,
        },
        { key: 'overdueOpen', value: String(data.orders.overdueOpen) },
      ]
    : [];

  return (
    <div style={{ margin: 16 }}>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Form<Values>
          form={form}
          layout="inline"
          initialValues={{ period: defaultPeriod() }}
          onFinish={() => void search()}
          aria-label={t('period')}
        >
          <Form.Item
            name="period"
            label={t('period')}
            rules={[
              { required: true, message: t('periodRequired') },
              {
                validator: (_, period: Period | null | undefined) =>
                  period && periodTooLong(period)
                    ? Promise.reject(new Error(t('periodTooLong')))
                    : Promise.resolve(),
              },
            ]}
          >
            <DatePicker.RangePicker allowClear={false} />
          </Form.Item>
          <ProjectFilterItem label={t('project')} allLabel={t('all')} />
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {summary.isError && (
        <Alert type="error" showIcon title={summary.error.message} style={{ marginBottom: 16 }} />
      )}
      {summary.isLoading && <Spin />}
      {data && charts && daily && (
        <>
          <Row gutter={[16, 16]}>
            {figures.map((figure) => (
              <Col key={figure.key} xs={12} md={8} xl={6} xxl={3}>
                <Card variant="borderless">
                  <Statistic title={t(figure.key)} value={figure.value} formatter={(value) => value} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            {charts.map((chart) => (
              <Col key={chart.key} xs={24} xl={12}>
                <Card variant="borderless" title={t(chart.key)}>
                  <EChart option={chart.option} label={t(chart.key)} height={300} />
                </Card>
              </Col>
            ))}
            <Col xs={24}>
              <Card variant="borderless" title={t('daily')}>
                <EChart option={daily} label={t('daily')} height={320} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
