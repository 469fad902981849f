import { FileSignature } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The fixed 16-unit bar with the wordmark, shared by the signed-in and signed-out top bars. */
export function TopBarFrame({ children }: { children: ReactNode }) {
  return (
    <header
      data-tour="top-bar"
      className="fixed inset-x-0 top-0 z-30 h-16 border-b border-slate-200 bg-white"
    >
      <div className="flex h-full items-center gap-4 px-4 sm:px-6">{children}</div>
    </header>
  );
}

export function Wordmark({ to }: { to: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-indigo-600">
      <FileSignature aria-hidden="true" className="size-6" />
      <span className="text-lg font-semibold tracking-tight text-slate-900">Pactum</span>
    </Link>
  );
}
