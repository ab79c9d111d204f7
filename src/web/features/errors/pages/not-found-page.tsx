import { paths } from '../../../app/paths';
import { Page } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';

export function NotFoundPage() {
  return (
    <Page title="Page not found" className="flex flex-col items-center gap-4 py-20 text-center">
      <p className="text-7xl font-black text-brand-400">404</p>
      <h1 className="text-3xl font-black text-white">Oops! Page not found</h1>
      <p className="text-slate-300">The page you are looking for moved, or never existed.</p>
      <ButtonLink to={paths.root} size="lg">
        Return to Home
      </ButtonLink>
    </Page>
  );
}
