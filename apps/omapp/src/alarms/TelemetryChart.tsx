import { useMemo } from 'react';
import { EChart, type ChartOption } from '@cityops/ui/charts';
import { chinaDateTime, type AlarmDetail } from '@cityops/contract';

type Telemetry = NonNullable<AlarmDetail['telemetry']>;

/** The watched value around an alarm as a line, its first and last occurrence marked by the area between. */
export function TelemetryChart({
  telemetry,
  firstAt,
  lastAt,
}: {
  telemetry: Telemetry;
  firstAt: string;
  lastAt: string;
}) {
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 48, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'time',
        axisLabel: { formatter: (value: number) => chinaDateTime(value).slice(11, 16) },
      },
      yAxis: { type: 'value', name: telemetry.unit, scale: true },
      series: [
        {
          type: 'line',
          name: telemetry.name,
          showSymbol: false,
          data: telemetry.points.map((point) => [point.t, point.v]),
          markArea: {
            silent: true,
            itemStyle: { color: 'rgba(255, 77, 79, 0.12)' },
            data: [[{ xAxis: Date.parse(firstAt) }, { xAxis: Date.parse(lastAt) }]],
          },
        },
      ],
    }),
    [telemetry, firstAt, lastAt],
  );
  return <EChart option={option} height={220} label={`${telemetry.name}（${telemetry.unit}）`} />;
}
