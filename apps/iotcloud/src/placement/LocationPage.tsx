import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Space, Tag, Typography } from 'antd';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  LOCATION_PAGE,
  placementEndpoints,
  unlocatedRequestSchema,
  type BoundingBox,
  type LngLat,
  type MapDevice,
  type MapDeviceMarker,
  type PlacedDeviceRow,
} from '@cityops/contract';
import { readPageSettings } from '@cityops/client';
import {
  confirmAction,
  DataTable,
  SearchBar,
  useEndpointQuery,
  useListState,
  usePageQuery,
  type CrudColumn,
} from '@cityops/crud';
import { CityMap, projectionFor, providerStyle } from '@cityops/map';
import { useCan } from '@cityops/ui';
import { contractText, productAndType, ProjectSelect, useLocale, useProjectMap } from '../assets/shared';
import { LocateDialog } from './LocateDialog';
import { useClearLocations } from './queries';
import { placementTexts } from './texts';

/** Marker colours by state: online green, offline grey, disabled orange. */
export const STATE_COLOURS = { online: '#52c41a', offline: '#8c8c8c', disabled: '#fa8c16' } as const;

export const stateOf = (device: Pick<MapDevice, 'online' | 'enabled'>) =>
  !device.enabled ? 'disabled' : device.online ? 'online' : 'offline';

/** The box a map shows, in stored coordinates (the provider may draw in GCJ-02). */
function boxOf(map: MapLibreMap): BoundingBox {
  const { system } = providerStyle(readPageSettings().map, false);
  const projection = projectionFor(system);
  const bounds = map.getBounds();
  const sw = projection.fromDisplay({ lng: bounds.getWest(), lat: bounds.getSouth() });
  const ne = projection.fromDisplay({ lng: bounds.getEast(), lat: bounds.getNorth() });
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return {
    west: clamp(sw.lng, 180),
    south: clamp(sw.lat, 90),
    east: clamp(ne.lng, 180),
    north: clamp(ne.lat, 90),
  };
}

interface Filters {
  projectId?: number;
  keyword?: string;
}

/**
 * 位置管理: the devices with a location on the map, coloured by state (at most the
 * contract's cap in the view, with how many there are), and beside it the devices without one. Tick
 * devices and click the map (or 设置位置) to give them all one place; a marker clicked can have its
 * location cleared. Changing places needs `locationManagement_edit`.
 */
export function LocationPage() {
  const t = placementTexts.useTexts();
  const locale = useLocale();
  const canEdit = useCan(`${LOCATION_PAGE}_edit`);
  const list = useListState(unlocatedRequestSchema);
  const { state } = list;
  const unlocated = usePageQuery(placementEndpoints.unlocated, state);
  const [box, setBox] = useState<BoundingBox | undefined>(undefined);
  // The markers of the last view stay while the next view's are read (a pan does not blink them away).
  const markersQuery = useEndpointQuery(
    placementEndpoints.map,
    { body: { projectId: state.projectId, box } },
    { enabled: box !== undefined, keepPrevious: true },
  );
  const { areas, centre } = useProjectMap(state.projectId);
  // The ticks belong to the rows as shown: another filter or page starts with none.
  const shownAs = JSON.stringify(state);
  const [ticked, setTicked] = useState<{ shownAs: string; rows: PlacedDeviceRow[] }>({ shownAs, rows: [] });
  const chosen = ticked.shownAs === shownAs ? ticked.rows : [];
  const setChosen = (rows: PlacedDeviceRow[]) => setTicked({ shownAs, rows });
  const [placing, setPlacing] = useState<{ point: LngLat | null } | null>(null);
  const [clicked, setClicked] = useState<MapDevice | null>(null);
  const clear = useClearLocations();
  const [map, setMap] = useState<MapLibreMap | null>(null);

  useEffect(() => {
    if (!map) return;
    const follow = () => setBox(boxOf(map));
    map.on('moveend', follow);
    return () => {
      map.off('moveend', follow);
    };
  }, [map]);

  const shown = useMemo(() => markersQuery.data?.devices ?? [], [markersQuery.data]);
  const markers = useMemo<MapDeviceMarker[]>(
    () =>
      shown.map((device) => ({
        id: device.id,
        lng: device.lng,
        lat: device.lat,
        text: device.name,
        deviceType: device.type,
        color: STATE_COLOURS[stateOf(device)],
      })),
    [shown],
  );
  const total = markersQuery.data?.total ?? 0;
  const counted = markersQuery.data;

  const columns: CrudColumn<PlacedDeviceRow>[] = [
    { key: 'name', title: t('deviceName'), sortField: 'name' },
    { key: 'deviceKey', title: t('deviceKey'), sortField: 'deviceKey', defaultHidden: true },
    {
      key: 'typeCode',
      title: t('product'),
      render: (_, row) => productAndType(row, locale),
    },
    { key: 'areaName', title: t('area'), render: (_, row) => row.areaName ?? t('none') },
  ];

  const clearClicked = (device: MapDevice) =>
    void confirmAction({
      content: t('clearConfirm', { name: device.name }),
      action: async () => {
        await clear.mutateAsync([device.id]);
        setClicked(null);
      },
      successText: contractText('placement.cleared', locale, { count: 1 }),
    });

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar<Filters>
        values={{ projectId: state.projectId, keyword: state.keyword }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <Form.Item name="projectId" label={t('project')}>
          <ProjectSelect allowClear placeholder={t('all')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text data-testid="map-count">
              {t('onMap', { shown: shown.length, total })}
            </Typography.Text>
            {counted && (
              // The map shows the view; this is the whole project (or every project), counted as
              // 设备概览 counts, with the devices listed beside as without a location.
              <Typography.Text type="secondary" data-testid="placed-count">
                {t('placedOfAll', {
                  placed: counted.placedTotal,
                  unplaced: counted.deviceTotal - counted.placedTotal,
                  all: counted.deviceTotal,
                })}
              </Typography.Text>
            )}
            <Tag color={STATE_COLOURS.online}>{t('legendOnline')}</Tag>
            <Tag color={STATE_COLOURS.offline}>{t('legendOffline')}</Tag>
            <Tag color={STATE_COLOURS.disabled}>{t('legendDisabled')}</Tag>
            {total > shown.length && (
              <Typography.Text type="warning">{t('capped', { shown: shown.length })}</Typography.Text>
            )}
          </Space>
          <CityMap
            key={String(state.projectId)}
            center={centre}
            areas={areas}
            markers={markers}
            onMarkerClick={(marker) => setClicked(shown.find((device) => device.id === marker.id) ?? null)}
            onPointChange={canEdit && chosen.length > 0 ? (point) => setPlacing({ point }) : undefined}
            onMapReady={(ready) => {
              setMap(ready);
              setBox(boxOf(ready));
            }}
            style={{ height: 560 }}
          />
          {clicked && (
            <Card size="small" style={{ marginTop: 8 }} data-testid="clicked-device">
              <Space wrap>
                <Typography.Text strong>{clicked.name}</Typography.Text>
                <Tag color={STATE_COLOURS[stateOf(clicked)]}>{t(stateOf(clicked))}</Tag>
                <Typography.Text type="secondary">
                  {clicked.lng}, {clicked.lat}
                </Typography.Text>
                {canEdit && (
                  <Button danger size="small" onClick={() => clearClicked(clicked)}>
                    {t('clearLocation')}
                  </Button>
                )}
                <Button size="small" onClick={() => setClicked(null)}>
                  ×
                </Button>
              </Space>
            </Card>
          )}
        </Col>
        <Col xs={24} lg={10}>
          <DataTable
            tableKey={`${LOCATION_PAGE}_unlocated`}
            title={
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{t('unlocated')}</Typography.Text>
                {canEdit && <Typography.Text type="secondary">{t('unlocatedHint')}</Typography.Text>}
              </Space>
            }
            rowKey="deviceId"
            columns={columns}
            query={unlocated}
            list={list}
            toolbar={
              canEdit && (
                <Button
                  type="primary"
                  disabled={chosen.length === 0}
                  onClick={() => setPlacing({ point: null })}
                >
                  {t('setLocation')}
                </Button>
              )
            }
            tableProps={
              canEdit
                ? {
                    rowSelection: {
                      selectedRowKeys: chosen.map((row) => row.deviceId),
                      onChange: (_keys, rows) => setChosen(rows),
                    },
                  }
                : undefined
            }
          />
        </Col>
      </Row>
      {placing && (
        <LocateDialog
          ids={chosen.map((row) => row.deviceId)}
          point={placing.point}
          areas={areas}
          center={centre}
          onDone={() => setChosen([])}
          onClose={() => setPlacing(null)}
        />
      )}
    </Card>
  );
}
