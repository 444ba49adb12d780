import { useEffect, useRef } from 'react';
import type { HourlyMoney } from '@rewards/shared/contracts/admin-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { useT } from '../../messages';
import { chartSeries, hourLabel, timeAxisLabels } from './chart-series';
import styles from './credits-chart.module.css';

const HEIGHT = 240;

function canDraw(): boolean {
  try {
    return typeof ResizeObserver !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Credits and reversals per hour as bars side by side (uPlot, loaded with this page only: ~20 KB compressed,
 * canvas, no dependencies). Decorative for screen readers: the summary and the table beside it carry the figures.
 */
export function CreditsChart({ hourly }: { hourly: readonly HourlyMoney[] }) {
  const t = useT();
  const frame = useRef<HTMLDivElement>(null);
  const labels = { hour: t('admin.overview.hourUtc'), credits: t('admin.overview.credits'), reversals: t('admin.overview.reversals') };
  useEffect(() => {
    const element = frame.current;
    if (!element || !canDraw()) return undefined;
    let stopped = false;
    let dispose = () => {};
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (stopped) return;
      const money = cssColor('--color-money', '#22e08a');
      const error = cssColor('--color-error', '#ff5d6c');
      const muted = cssColor('--color-text-muted', '#a9b3d6');
      const grid = cssColor('--color-border', '#26325e');
      const bars = (align: -1 | 1) => UPlot.paths.bars?.({ size: [0.4, 18], align });
      const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      const chart = new UPlot(
        {
          width: element.clientWidth,
          height: HEIGHT,
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
          scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, Math.max(1, max * 1.1)] } },
          axes: [
            { ...axis, values: (_chart, ticks, _axis, _space, increment) => timeAxisLabels(ticks, increment) },
            { ...axis, size: 60, values: (_chart, ticks) => ticks.map((tick) => formatDollars(tick)) },
          ],
          series: [
            { label: labels.hour, value: (_chart, value) => (value == null ? '—' : hourLabel(value)) },
            { label: labels.credits, stroke: money, fill: `${money}cc`, paths: bars(-1), points: { show: false }, value: (_chart, value) => (value == null ? '—' : formatDollars(value)) },
            { label: labels.reversals, stroke: error, fill: `${error}cc`, paths: bars(1), points: { show: false }, value: (_chart, value) => (value == null ? '—' : formatDollars(value)) },
          ],
        },
        chartSeries(hourly),
        element,
      );
      const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
      resize.observe(element);
      dispose = () => {
        resize.disconnect();
        chart.destroy();
      };
    });
    return () => {
      stopped = true;
      dispose();
    };
    // Drawn again in the new language when the page switches (the labels change with it; dates and amounts follow).
  }, [hourly, labels.hour, labels.credits, labels.reversals]);
  return <div ref={frame} className={styles.chart} aria-hidden="true" />;
}
