import { Construction } from 'lucide-react';
import { useMatches } from 'react-router';
import { paths } from '../../../app/paths';
import { Page } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';

/** An honest placeholder for a screen that is not built yet. */
export function UpcomingPage() {
  const handle = useMatches().at(-1)?.handle as { title?: string } | undefined;
  const title = handle?.title ?? 'Coming soon';
  return (
    <Page title={title} className="flex flex-col items-center gap-4 py-20 text-center">
      <Construction aria-hidden="true" className="size-12 text-brand-400" />
      <h1 className="text-3xl font-black text-white">{title}</h1>
      <p className="max-w-md text-slate-300">This screen is on its way to FanGrid. Check back soon.</p>
      <ButtonLink to={paths.sports} size="lg">
        Back to Sports
      </ButtonLink>
    </Page>
  );
}
