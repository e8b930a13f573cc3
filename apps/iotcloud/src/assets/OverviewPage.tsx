import { Card, Col, Form, Row, Statistic, Typography } from 'antd';
import { z } from 'zod';
import { deviceTypeName, idFilter, type DeviceOverview, type Locale } from '@cityops/contract';
import { LoadFailedAlert, useListState } from '@cityops/crud';
import { EChart, type ChartOption } from '@cityops/ui/charts';
import { useOverview } from './queries';
import { ProjectSelect, useLocale } from './shared';
import { assetTexts, type AssetText } from './texts';

const overviewFilterSchema = z.object({ projectId: idFilter });

/** Online devices as a share of all, in percent with one decimal (0 for none). */
export const onlineRate = (online: number, total: number) =>
  total === 0 ? 0 : Math.round((online / total) * 1000) / 10;

export function typeChart(
  overview: DeviceOverview,
  locale: Locale,
  t: (key: AssetText) => string,
): ChartOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        name: t('byType'),
        type: 'pie',
        radius: ['35%', '65%'],
        data: overview.byType.map((entry) => ({
          name: deviceTypeName(entry.typeCode, locale),
          value: entry.total,
        })),
      },
    ],
  };
}

export function areaChart(overview: DeviceOverview, t: (key: AssetText) => string): ChartOption {
  const names = overview.byArea.map((entry) => entry.areaName ?? t('noArea'));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, bottom: 40, top: 36, containLabel: true },
    xAxis: { type: 'category', data: names },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: t('total'), type: 'bar', data: overview.byArea.map((entry) => entry.total) },
      { name: t('onlineCount'), type: 'bar', data: overview.byArea.map((entry) => entry.online) },
    ],
  };
}

/**
 * 设备概览: the devices' counts (all, online and the online rate, disabled, open alarms,
 * the licence's use against its limit) and charts by device type and by area (online against all),
 * for all the user's projects or one.
 */
export function OverviewPage() {
  const t = assetTexts.useTexts();
  const locale = useLocale();
  const filter = useListState(overviewFilterSchema);
  const projectId = filter.state.projectId;
  const overview = useOverview(projectId);
  const data = overview.data;

  return (
    <div style={{ margin: 16 }}>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Form layout="inline">
          <Form.Item label={t('project')}>
            <ProjectSelect
              allowClear
              placeholder={t('all')}
              style={{ width: 260 }}
              value={projectId}
              onChange={(value: number | undefined) => filter.update({ projectId: value })}
            />
          </Form.Item>
        </Form>
      </Card>
      <LoadFailedAlert query={overview} />
      <Row gutter={[16, 16]}>
        {(
          [
            ['total', data?.total],
            ['onlineCount', data?.online],
            ['onlineRate', data ? `${onlineRate(data.online, data.total)}%` : undefined],
            ['disabledCount', data?.disabled],
            ['openAlarms', data?.alarming],
            [
              'licence',
              data
                ? data.deviceLimit === null
                  ? t('noLicence')
                  : t('licenceUsage', { used: data.devicesInUse, limit: data.deviceLimit })
                : undefined,
            ],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Card variant="borderless" loading={overview.isLoading}>
              <Statistic title={t(key)} value={value ?? '-'} />
              {key === 'licence' && data && (
                // The licence counts the cameras too: said, so its number and 设备总数 do not disagree.
                <Typography.Text type="secondary">
                  {t('licenceParts', { devices: data.iotDevices, cameras: data.cameras })}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
        <Col xs={24} xl={10}>
          <Card variant="borderless" title={t('byType')} loading={overview.isLoading}>
            {data && <EChart label={t('byType')} option={typeChart(data, locale, t)} />}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card variant="borderless" title={t('byArea')} loading={overview.isLoading}>
            {data && <EChart label={t('byArea')} option={areaChart(data, t)} />}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
