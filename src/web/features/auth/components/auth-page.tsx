import type { ReactNode } from 'react';
import { PublicTopBar } from '../../../app/shell/public-top-bar';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The signed-out pages' frame, as the sign-in screen: the public top bar, a heading and a card. */
export function AuthPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <>
      <PublicTopBar />
      <main className="flex min-h-screen flex-col justify-center bg-slate-50 px-4 pt-28 pb-12">
        <div className="mx-auto w-full max-w-md">
          <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-2 text-center text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-8 rounded-lg bg-white px-6 py-8 shadow-sm ring-1 ring-slate-200 sm:px-10">
            {children}
          </div>
        </div>
      </main>
    </>
  );
}
