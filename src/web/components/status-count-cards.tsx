import { FileCheck2, FilePen, FileX2, Send } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { StatusCounts } from '../../shared/statuses';
import { Card } from './ui/card';

const countCards: { key: keyof StatusCounts; label: string; icon: typeof FilePen; tone: string }[] = [
  { key: 'draft', label: 'Draft', icon: FilePen, tone: 'bg-slate-100 text-slate-600' },
  { key: 'sent', label: 'Sent', icon: Send, tone: 'bg-blue-50 text-blue-600' },
  { key: 'signed', label: 'Signed', icon: FileCheck2, tone: 'bg-green-50 text-green-600' },
  { key: 'expired', label: 'Expired', icon: FileX2, tone: 'bg-amber-50 text-amber-700' },
];

/**
 * The four count cards, Draft, Sent, Signed and Expired (which counts canceled contracts too), of
 * the organization on the dashboard or of one project; placeholders while the counts load.
 */
export function StatusCountCards({
  counts,
  className = '',
  ...rest
}: { counts: StatusCounts | undefined } & ComponentProps<'section'>) {
  return (
    <section
      aria-label="Contract counts"
      className={`grid grid-cols-2 gap-4 lg:grid-cols-4 ${className}`}
      {...rest}
    >
      {countCards.map(({ key, label, icon: Icon, tone }) => (
        <Card key={key} className="flex items-center gap-4 p-5">
          <div className={`flex size-10 items-center justify-center rounded-md ${tone}`}>
            <Icon aria-hidden="true" className="size-5" />
          </div>
          <div>
            <p className="text-sm text-slate-500">{label}</p>
            <p className="text-2xl font-semibold text-slate-900" data-testid={`count-${key}`}>
              {counts ? (
                counts[key]
              ) : (
                <span className="inline-block h-7 w-8 animate-pulse rounded bg-slate-100" />
              )}
            </p>
          </div>
        </Card>
      ))}
    </section>
  );
}
