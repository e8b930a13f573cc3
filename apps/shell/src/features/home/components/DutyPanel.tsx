import type { ReactNode } from 'react';
import { Card, Col, List, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';
import {
  ALARM_ANSWER_CODES,
  ALARM_PAGE,
  ALARM_PAGES,
  alarmCallEndpoints,
  alarmEndpoints,
  alarmTitle,
  chinaDateTime,
  DEVICE_PAGE,
  deviceEndpoints,
  deviceListRequestSchema,
  EVENT_STATUS,
  findRouteByCode,
  recordLink,
  WORK_ORDER_PAGE,
  workOrderEndpoints,
  workOrderListRequestSchema,
  type PermissionItem,
} from '@cityops/contract';
import { useEndpointQuery, writeListState, type ListRequestSchema } from '@cityops/crud';
import { useLocale } from '@cityops/ui';
import { dutyTexts } from '../texts';

/** How many rows each widget lists; its count says how many there are in all. */
const SHOWN = 5;
/** The numbers are read again this often while the page is open (the lists change all day). */
const REFRESH_MS = 30_000;

type Texts = ReturnType<typeof dutyTexts.useTexts>;

/** A page's path with its list filters (as the page writes them in the address bar). */
function filteredPath(code: string, schema: ListRequestSchema, filters: Record<string, unknown> = {}) {
  const path = findRouteByCode(code)?.path ?? '/';
  const query = writeListState(schema, filters);
  return query ? `${path}?${query}` : path;
}

interface WidgetProps {
  title: string;
  /** Null while it loads. */
  count: number | null;
  failed: boolean;
  to: string;
  items: readonly { key: number; to: string; text: ReactNode; note?: ReactNode }[];
  extra?: ReactNode;
  t: Texts;
}

/** One widget: its count, the first rows (each opening its record), and a link to the whole page. */
function Widget({ title, count, failed, to, items, extra, t }: WidgetProps) {
  return (
    <Card
      size="small"
      title={
        <Link to={to} aria-label={title}>
          <Space>
            <span>{title}</span>
            <Typography.Text strong type={count ? 'danger' : 'secondary'}>
              {count ?? '…'}
            </Typography.Text>
          </Space>
        </Link>
      }
      extra={<Link to={to}>{t('viewAll')}</Link>}
    >
      {extra}
      {failed ? (
        <Typography.Text type="danger">{t('loadFailed')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={[...items]}
          locale={{ emptyText: t('none') }}
          renderItem={(item) => (
            <List.Item extra={item.note}>
              <Link to={item.to}>{item.text}</Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function AlarmsWidget({ t }: { t: Texts }) {
  const locale = useLocale();
  const query = useEndpointQuery(
    alarmEndpoints.page,
    { body: { pageSize: SHOWN, sortField: 'lastAt', sortOrder: 'desc' } },
    { staleTime: REFRESH_MS },
  );
  return (
    <Widget
      t={t}
      title={t('alarms')}
      count={query.data?.total ?? null}
      failed={query.isError}
      to={findRouteByCode(ALARM_PAGE)?.path ?? '/'}
      items={(query.data?.list ?? []).map((alarm) => ({
        key: alarm.alarmId,
        to: recordLink(ALARM_PAGE, alarm.alarmId),
        text: `${alarm.deviceName} · ${alarmTitle(alarm, locale)}`,
        note: chinaDateTime(alarm.lastAt).slice(5, 16),
      }))}
    />
  );
}

function CallsWidget({ t, page }: { t: Texts; page: string }) {
  const query = useEndpointQuery(alarmCallEndpoints.current, {}, { staleTime: REFRESH_MS });
  const to = findRouteByCode(page)?.path ?? '/';
  const calls = query.data ?? [];
  return (
    <Widget
      t={t}
      title={t('calls')}
      count={query.data ? calls.length : null}
      failed={query.isError}
      to={to}
      items={calls.slice(0, SHOWN).map((call) => ({
        key: call.id,
        to,
        text: call.deviceDto.devName,
        note: call.eventStatus === EVENT_STATUS.ringing ? t('ringing') : t('talking'),
      }))}
    />
  );
}

function OrdersWidget({ t }: { t: Texts }) {
  const query = useEndpointQuery(
    workOrderEndpoints.page,
    { body: { tab: 'overdue', pageSize: SHOWN, sortField: 'deadlineAt', sortOrder: 'asc' } },
    { staleTime: REFRESH_MS },
  );
  const counts = useEndpointQuery(workOrderEndpoints.counts, { body: {} }, { staleTime: REFRESH_MS });
  const toDispatch = counts.data?.to_dispatch;
  return (
    <Widget
      t={t}
      title={t('orders')}
      count={query.data?.total ?? null}
      failed={query.isError}
      to={filteredPath(WORK_ORDER_PAGE, workOrderListRequestSchema, { tab: 'overdue' })}
      extra={
        toDispatch === undefined ? null : (
          <Link to={filteredPath(WORK_ORDER_PAGE, workOrderListRequestSchema, { tab: 'to_dispatch' })}>
            {t('toDispatch', { count: toDispatch })}
          </Link>
        )
      }
      items={(query.data?.list ?? []).map((order) => ({
        key: order.orderId,
        to: recordLink(WORK_ORDER_PAGE, order.orderId),
        text: `${order.orderNo} · ${order.title}`,
        note: t('deadline', { time: chinaDateTime(order.deadlineAt).slice(5, 16) }),
      }))}
    />
  );
}

function OfflineWidget({ t }: { t: Texts }) {
  const query = useEndpointQuery(
    deviceEndpoints.page,
    { body: { online: false, pageSize: SHOWN } },
    { staleTime: REFRESH_MS },
  );
  return (
    <Widget
      t={t}
      title={t('offline')}
      count={query.data?.total ?? null}
      failed={query.isError}
      to={filteredPath(DEVICE_PAGE, deviceListRequestSchema, { online: false })}
      items={(query.data?.list ?? []).map((device) => ({
        key: device.deviceId,
        to: filteredPath(DEVICE_PAGE, deviceListRequestSchema, { keyword: device.deviceKey }),
        text: device.name,
        note: device.projectName,
      }))}
    />
  );
}

/**
 * What a duty officer needs first, on the landing page: open alarms, alarm calls ringing or in
 * progress, overdue work orders, devices offline. Each widget only for a holder of its page (the
 * server refuses the rest anyway), each a count, the first rows and a link to its page so filtered.
 */
export function DutyPanel({ menus }: { menus: readonly PermissionItem[] }) {
  const t = dutyTexts.useTexts();
  const held = new Set(menus.map((item) => item.code.toLowerCase()));
  const holds = (code: string) => held.has(code.toLowerCase());
  // Calls open on the receiver page when the user has it, else on a monitor that answers.
  const callPage = [ALARM_PAGES.receiver, ...ALARM_ANSWER_CODES].find(holds);
  const widgets = [
    holds(ALARM_PAGE) && <AlarmsWidget key="alarms" t={t} />,
    callPage && <CallsWidget key="calls" t={t} page={callPage} />,
    holds(WORK_ORDER_PAGE) && <OrdersWidget key="orders" t={t} />,
    holds(DEVICE_PAGE) && <OfflineWidget key="offline" t={t} />,
  ].filter(Boolean);
  if (widgets.length === 0) return null;
  return (
    <section aria-label={t('title')} style={{ marginBottom: 24 }}>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {widgets.map((widget, index) => (
          <Col key={index} xs={24} md={12} xl={6}>
            {widget}
          </Col>
        ))}
      </Row>
    </section>
  );
}
