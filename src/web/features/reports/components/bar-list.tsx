import type { ValueRow } from '../../../../shared/api/reports';

/**
 * Horizontal bars of value, one group per currency, each bar as long as its share of that
 * currency's largest: currencies are never drawn on one scale, as they are never summed.
 */
export function ValueBars({ rows, summary }: { rows: ValueRow[]; summary: string }) {
  const currencies = [...new Set(rows.map((row) => row.currency))];
  return (
    <div role="img" aria-label={summary} className="space-y-4">
      {currencies.map((currency) => {
        const own = rows.filter((row) => row.currency === currency);
        const max = Math.max(1, ...own.map((row) => Number(row.value)));
        return (
          <div key={currency} className="space-y-1">
            <p className="text-xs font-semibold text-slate-700">{currency}</p>
            {own.map((row) => (
              <div key={`${row.kind}:${row.label}`} className="flex items-center gap-2 text-xs">
                <span className="w-28 shrink-0 truncate text-slate-700 sm:w-40">{row.label}</span>
                <span className="h-3 min-w-0 flex-1">
                  <span
                    className={`block h-3 rounded-sm ${row.kind === 'others' ? 'bg-slate-400' : 'bg-indigo-500'}`}
                    style={{ width: `${Math.max(1, (Number(row.value) / max) * 100)}%` }}
                  />
                </span>
                <span className="text-meta w-24 shrink-0 text-right tabular-nums">{row.value}</span>
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
