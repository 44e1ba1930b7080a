import type { Dashboard } from '@campaign/contract/client';
import { formatTime } from '../../shared/format';
import type { ChartOption } from './chart';
import { t } from './messages';

// What the charts draw, from the dashboard answer (the same numbers as the tables beside them).

const COLORS = ['#1677ff', '#13a8a8', '#fa8c16', '#722ed1', '#eb2f96', '#52c41a'];

export function hoursOption(d: Dashboard): ChartOption {
  const x = d.byHour.map((p) => formatTime(p.at).slice(5));
  return {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: x },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('dashboard.col.pageViews'),
        type: 'line',
        smooth: true,
        showSymbol: false,
        data: d.byHour.map((p) => p.pageViews),
      },
      {
        name: t('dashboard.col.draws'),
        type: 'line',
        smooth: true,
        showSymbol: false,
        data: d.byHour.map((p) => p.draws),
      },
      { name: t('dashboard.col.wins'), type: 'bar', data: d.byHour.map((p) => p.wins) },
    ],
  };
}

export function funnelOption(d: Dashboard): ChartOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: 24,
        right: 24,
        top: 8,
        bottom: 8,
        minSize: '24%',
        label: { show: true, position: 'inside', formatter: '{b}: {c}' },
        data: d.funnel.map((f) => ({ name: t(`dashboard.funnel.${f.step}`), value: f.n })),
      },
    ],
  };
}

export function channelsOption(d: Dashboard): ChartOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 96, right: 16, top: 36, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: d.channels.map((c) => t(`dashboard.channel.${c.channel}`)) },
    series: [
      { name: t('dashboard.col.pageViews'), type: 'bar', data: d.channels.map((c) => c.pageViews) },
      { name: t('dashboard.col.draws'), type: 'bar', data: d.channels.map((c) => c.draws) },
      { name: t('dashboard.col.wins'), type: 'bar', data: d.channels.map((c) => c.wins) },
    ],
  };
}
