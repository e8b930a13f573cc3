import { Card } from 'antd';
import { REALTIME_PAGE, TYPE_ENV_SENSOR, telemetryEndpoints } from '@cityops/contract';
import { DataTable, LiveBadge } from '@cityops/crud';
import { LiveStyle } from './thingModels';
import { liveTexts } from './texts';
import {
  LiveSearchBar,
  deviceColumns,
  deviceRow,
  propertyTitle,
  useLiveList,
  valueColumn,
  valuesAtColumn,
} from './useLiveList';

const FIXED = { typeCode: TYPE_ENV_SENSOR } as const;
/** The columns, named by the thing model once it is read (by these texts until then). */
const PROPERTIES = ['temperature', 'humidity', 'pm25', 'noise'] as const;

/**
 * 实时数据: the environment sensors (type 0401) with their latest temperature, humidity,
 * PM2.5 and noise, online state and value time; the live socket updates the rows in place, a changed
 * value lights up briefly. Units come from the thing model.
 */
export function RealtimePage() {
  const t = liveTexts.useTexts();
  const { list, query, rows, live, propertiesOf } = useLiveList(
    telemetryEndpoints.live,
    FIXED,
    TYPE_ENV_SENSOR,
  );
  const properties = propertiesOf(rows[0]?.productId);
  const columns = [
    ...deviceColumns(t),
    ...PROPERTIES.map((identifier) =>
      valueColumn(
        identifier,
        propertyTitle(identifier, t(`property.${identifier}`), properties),
        propertiesOf,
        live.flashes,
      ),
    ),
    valuesAtColumn(t),
  ];
  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <LiveStyle />
      <LiveSearchBar list={list} />
      <DataTable
        tableKey={REALTIME_PAGE}
        rowKey="deviceId"
        columns={columns}
        query={query}
        list={list}
        toolbar={<LiveBadge state={live.state} />}
        tableProps={{ onRow: deviceRow }}
      />
    </Card>
  );
}
