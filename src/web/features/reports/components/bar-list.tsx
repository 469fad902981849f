import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { ValueRow } from '../../../../shared/api/reports';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** One currency's horizontal bars (Chart.js), on a scale of its own. */
function CurrencyBars({ currency, rows }: { currency: string; rows: ValueRow[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = JSON.stringify(rows.map((row) => [row.label, row.value, row.kind]));
  useEffect(() => {
    if (!canvas.current) return;
    const bars = JSON.parse(drawn) as [string, string, string][];
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: bars.map(([label]) => label),
        datasets: [
          {
            label: currency,
            data: bars.map(([, value]) => Number(value)),
            backgroundColor: bars.map(([, , kind]) => (kind === 'others' ? '#94a3b8' : '#6366f1')),
            borderRadius: 2,
            maxBarThickness: 14,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { beginAtZero: true, ticks: { font: { size: 11 } } },
          y: { grid: { display: false }, ticks: { font: { size: 11 } } },
        },
        plugins: { tooltip: { callbacks: { label: (item) => `${item.formattedValue} ${currency}` } } },
      },
    });
    return () => chart.destroy();
  }, [drawn, currency]);
  return (
    <div className="space-y-1">
      <p className="text-xs font-semibold text-slate-700">{currency}</p>
      <div style={{ height: `${Math.max(2, rows.length) * 22 + 28}px` }}>
        <canvas ref={canvas} />
      </div>
    </div>
  );
}

/**
 * Horizontal bars of value, one chart per currency: currencies are never drawn on one scale, as
 * they are never summed. A picture of the table below it, whose numbers screen readers read.
 */
export function ValueBars({ rows, summary }: { rows: ValueRow[]; summary: string }) {
  const currencies = [...new Set(rows.map((row) => row.currency))];
  return (
    <div role="img" aria-label={summary} className="space-y-4">
      {currencies.map((currency) => (
        <CurrencyBars
          key={currency}
          currency={currency}
          rows={rows.filter((row) => row.currency === currency)}
        />
      ))}
    </div>
  );
}
