import type { ReactNode } from 'react';
import { Card } from './ui/card';

/** One card of the profile page: a titled section, its content and, for a form, its buttons. */
export function ProfileSection({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description: string;
  /** Shown beside the title (a button acting on the whole section). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={id}>
        <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6 sm:py-5">
          <div className="min-w-0">
            <h2 id={id} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
          {action && <div className="shrink-0">{action}</div>}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** The body of a section: the same padding everywhere. */
export function SectionBody({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`px-4 py-5 sm:px-6 ${className}`}>{children}</div>;
}

/** The bar under a form: its message (announced when it appears) and its buttons. */
export function SectionFooter({ children, status }: { children: ReactNode; status?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-4 py-4 sm:px-6">
      <div className="mr-auto text-sm" aria-live="polite">
        {status}
      </div>
      {children}
    </div>
  );
}

/** A short confirmation in the footer after a save. */
export function SavedMessage({ children }: { children: ReactNode }) {
  return <p className="font-medium text-emerald-700">{children}</p>;
}
