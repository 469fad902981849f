import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** What a route that fails to load shows instead of a blank page. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50 px-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="font-mono text-sm text-slate-600">{detail}</p>
      <Link to="/dashboard" className="mt-2 text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Back to the dashboard
      </Link>
    </main>
  );
}
