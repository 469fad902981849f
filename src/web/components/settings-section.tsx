import type { ReactNode } from 'react';
import type { SettingsSectionId } from '../../shared/settings-sections';
import { Card } from './ui/card';

/**
 * One settings card: a title, what it is for, and its controls. Its id is the anchor a link to
 * it ends with (`/settings/developers#webhooks`); the margin keeps it clear of the top bar.
 */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: SettingsSectionId;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <Card className="p-5 sm:p-6">
        <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}

export function Saved({ show }: { show: boolean }) {
  return show ? (
    <span role="status" className="text-sm text-emerald-700">
      Saved
    </span>
  ) : null;
}
