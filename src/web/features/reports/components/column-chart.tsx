export type ChartSeries = { name: string; color: string; values: (number | null)[] };

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar', with the year below it at a year's start and at the first column, so a long range reads. */
function MonthLabel({ month, first }: { month: string; first: boolean }) {
  const [year, m] = month.split('-');
  return (
    <>
      {monthNames[Number(m) - 1] ?? month}
      {(first || m === '01') && <span className="block">{year}</span>}
    </>
  );
}

export function Legend({ series }: { series: { name: string; color: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
      {series.map((s) => (
        <li key={s.name} className="flex items-center gap-1.5">
          <span className={`inline-block size-3 rounded-sm ${s.color}`} />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * Columns per category, stacked or side by side, drawn with boxes rather than a charting library
 * (a few hundred bytes, crisp at any width). It is a picture of the table below it: screen readers
 * get its one-line summary and read the table.
 */
export function ColumnChart(props: {
  summary: string;
  categories: string[];
  series: ChartSeries[];
  stacked?: boolean;
  unit?: string;
}) {
  const { summary, categories, series, stacked = false, unit = '' } = props;
  const totals = categories.map((_, i) =>
    stacked
      ? series.reduce((n, s) => n + (s.values[i] ?? 0), 0)
      : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const max = Math.max(1, ...totals);
  const empty = totals.every((total) => total === 0);
  const every = Math.ceil(categories.length / 12);
  return (
    <div className="space-y-2">
      <Legend series={series} />
      <div role="img" aria-label={summary} className="relative">
        <div className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed border-slate-200" />
        {empty && (
          <p className="text-meta absolute inset-x-0 top-16 text-center text-sm">
            Nothing measured in this range
          </p>
        )}
        <span className="text-meta absolute -top-2 right-0 bg-white pl-1 text-[11px]">
          {Number.isInteger(max) ? max : max.toFixed(1)}
          {unit}
        </span>
        <div className="flex h-44 items-end gap-px border-b border-slate-300 pt-3 pr-7 sm:gap-1">
          {categories.map((category, i) => (
            <div key={category} className="flex h-full min-w-0 flex-1 items-end justify-center gap-px">
              {stacked ? (
                <div
                  className="flex w-full max-w-8 flex-col-reverse"
                  style={{ height: `${((totals[i] ?? 0) / max) * 100}%` }}
                >
                  {series.map((s) => {
                    const value = s.values[i] ?? 0;
                    return value > 0 ? (
                      <div
                        key={s.name}
                        className={s.color}
                        style={{ height: `${(value / (totals[i] || 1)) * 100}%` }}
                      />
                    ) : null;
                  })}
                </div>
              ) : (
                series.map((s) => (
                  <div
                    key={s.name}
                    className={`w-full max-w-4 rounded-t-sm ${s.color}`}
                    style={{ height: `${((s.values[i] ?? 0) / max) * 100}%` }}
                  />
                ))
              )}
            </div>
          ))}
        </div>
        <div className="flex gap-px pt-1 pr-7 sm:gap-1" aria-hidden="true">
          {categories.map((category, i) => (
            <span
              key={category}
              className="text-meta min-w-0 flex-1 truncate text-center text-[10px] sm:text-[11px]"
            >
              {i % every === 0 ? <MonthLabel month={category} first={i === 0} /> : null}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
