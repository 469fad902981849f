import type { ReactNode } from 'react';
import { Card } from './ui/card';

/** One settings card: a title, what it is for, and its controls. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${title}-heading`.replaceAll(' ', '-')}>
        <h2 id={`${title}-heading`.replaceAll(' ', '-')} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

export function Saved({ show }: { show: boolean }) {
  return show ? (
    <span role="status" className="text-sm text-emerald-700">
      Saved
    </span>
  ) : null;
}
