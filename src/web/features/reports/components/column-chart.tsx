import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what a column chart needs, so the Reports page's own chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** One series of columns: its name, its colour (a CSS colour) and a value per category (null: none measured). */
export type ChartSeries = { name: string; color: string; values: (number | null)[] };

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03' → 'Mar 2026' at the first column and at a year's start, else 'Mar'; any other category as it is. */
function categoryLabel(category: string, index: number): string {
  const match = /^(\d{4})-(\d{2})$/.exec(category);
  if (!match) return category;
  const name = monthNames[Number(match[2]) - 1] ?? category;
  return index === 0 || match[2] === '01' ? `${name} ${match[1]}` : name;
}

export function Legend({ series }: { series: { name: string; color: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
      {series.map((s) => (
        <li key={s.name} className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: s.color }} />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * Columns per category, stacked or side by side, drawn by Chart.js on a canvas. It is a picture of
 * the table below it: screen readers get its one-line summary and read the table; the legend is
 * the page's own, so it wraps like the text around it.
 */
export function ColumnChart(props: {
  summary: string;
  categories: string[];
  series: ChartSeries[];
  stacked?: boolean;
  unit?: string;
}) {
  const { summary, categories, series, stacked = false, unit = '' } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const empty = series.every((s) => s.values.every((value) => !value));
  // The page makes new arrays at each render: the chart is drawn again only when what it shows changed.
  const drawn = JSON.stringify([categories, series, stacked, unit]);

  useEffect(() => {
    if (!canvas.current) return;
    const [labels, sets] = JSON.parse(drawn) as [string[], ChartSeries[]];
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: labels.map(categoryLabel),
        datasets: sets.map((s) => ({
          label: s.name,
          data: s.values,
          backgroundColor: s.color,
          borderRadius: stacked ? 0 : 2,
          maxBarThickness: stacked ? 32 : 16,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: {
            stacked,
            grid: { display: false },
            ticks: { autoSkip: true, maxRotation: 0, font: { size: 11 } },
          },
          y: {
            stacked,
            beginAtZero: true,
            ticks: { precision: 0, font: { size: 11 }, callback: (value) => `${value}${unit}` },
          },
        },
        plugins: {
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${item.formattedValue}${unit}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [drawn, stacked, unit]);

  return (
    <div className="space-y-2">
      <Legend series={series} />
      <div role="img" aria-label={summary} className="relative h-48">
        <canvas ref={canvas} />
        {empty && (
          <p className="text-meta absolute inset-x-0 top-16 text-center text-sm">
            Nothing measured in this range
          </p>
        )}
      </div>
    </div>
  );
}
