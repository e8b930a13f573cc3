import { useEffect, useRef } from 'react';
import { theme } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as registerCharts, type ComposeOption, type ECharts } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only the parts the device and alarm pages draw, so the chart code stays a fraction of the full bundle.
registerCharts([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | DataZoomComponentOption
>;

export interface EChartProps {
  option: ChartOption;
  height?: number;
  /** The accessible name of the chart (its canvas has no text of its own). */
  label: string;
}

/**
 * One ECharts canvas that follows its container's size and the page's light or dark theme. A new
 * `option` replaces the old one (notMerge), so series that disappear from the data disappear here.
 */
export function EChart({ option, height = 320, label }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        backgroundColor: 'transparent',
        textStyle: { color: token.colorText },
        ...option,
      },
      { notMerge: true },
    );
  }, [option, token.colorText]);

  return <div ref={host} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
