import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Page } from '../../../components/layout/page';

/** Shown when a screen throws while rendering or loading ('Unexpected Application Error!'). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error occurred';
  return (
    <Page title="Something went wrong" className="flex flex-col items-center gap-4 py-20 text-center">
      <h1 className="text-3xl font-black text-white">Unexpected Application Error!</h1>
      <p className="max-w-xl text-slate-300">{detail}</p>
      {/* A full page load, so a stale bundle after a deploy is replaced too. */}
      <a href="/" className="rounded-xl bg-brand-500 px-6 py-3 font-semibold text-ink-950 hover:bg-brand-400">
        Reload FanGrid
      </a>
    </Page>
  );
}
