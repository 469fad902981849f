import type { ReactNode } from 'react';
import { ButtonLink } from './ui/button';

export function EmptyState({
  icon,
  title,
  text,
  action,
  to,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: string;
  to: string;
}) {
  return (
    <div className="rounded-lg border-2 border-dashed border-slate-200 px-6 py-10 text-center">
      <div className="mx-auto flex size-10 items-center justify-center text-slate-400">{icon}</div>
      <h3 className="mt-2 text-sm font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 text-sm text-slate-500">{text}</p>
      <ButtonLink to={to} className="mt-4">
        {action}
      </ButtonLink>
    </div>
  );
}
