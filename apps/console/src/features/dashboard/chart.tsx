import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Apache ECharts, only what the dashboard draws (tree-shaken): this module is imported by the dashboard's
// lazy route alone, so the library never reaches the console's first view (docs/decisions/0362).
echarts.use([BarChart, LineChart, FunnelChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/** A chart; the numbers it draws are also in the table beside it (screen readers, copying). */
export function Chart({ option, height = 260, label }: { option: ChartOption; height?: number; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = () => c.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  // The picture is for the eye; the table next to it says the same to a screen reader.
  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
