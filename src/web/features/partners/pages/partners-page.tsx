import { Handshake } from 'lucide-react';
import { Link } from 'react-router';
import { partnerDefinitions } from '../../../../shared/domain/partners';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { Page } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { LinkCardArrow } from '../../../components/link-card';
import { cn } from '../../../lib/cn';
import { accentClasses } from '../accent';
import { InquiryForm } from '../components/inquiry-form';

/** Partnership page: back to /home, the inquiry form and the three partner cards. */
export function PartnersPage() {
  return (
    <Page title="Partners" className="flex flex-col gap-8">
      <BackLink to={paths.home}>Back to Home</BackLink>
      <header className="flex flex-col gap-3">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-300">
          <Handshake aria-hidden="true" className="size-5" /> Partnerships
        </p>
        <h1 className="text-3xl font-black text-white sm:text-5xl">Partner with FanGrid</h1>
        <p className="max-w-2xl text-slate-300">
          Teams, leagues, schools and community organizations raise money with FanGrid game boards. Tell us about yours,
          or open your partner form if you already work with us.
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <PageSection
          id="inquiry"
          title="Partnership inquiry"
          className="rounded-2xl border border-ink-700 bg-ink-850 p-5"
        >
          <p className="mt-1 mb-4 text-slate-300">We'll get back to you within 24 hours.</p>
          <InquiryForm />
        </PageSection>

        <section aria-labelledby="partners-heading" className="flex flex-col gap-4">
          <div>
            <h2 id="partners-heading" className="text-2xl font-black text-white">
              Our partners
            </h2>
            <p className="mt-1 text-slate-300">Partner organizations keep their details up to date here.</p>
          </div>
          <ul className="flex flex-col gap-4">
            {partnerDefinitions.map((partner) => {
              const accent = accentClasses[partner.color.accent];
              return (
                <li key={partner.id}>
                  <Link
                    to={`/partner-details/${partner.id}`}
                    className={cn(
                      'group flex flex-col overflow-hidden rounded-2xl border bg-ink-850 transition-colors hover:bg-ink-800',
                      accent.border,
                    )}
                  >
                    <span aria-hidden="true" className={cn('h-2', accent.band)} />
                    <span className="flex flex-col gap-2 p-5">
                      <span className="text-lg font-bold text-white">{partner.name}</span>
                      <span className="text-sm text-slate-300">{partner.description}</span>
                      <span className={cn('mt-1 flex items-center gap-1.5 text-sm font-semibold', accent.text)}>
                        Open partner form
                        <LinkCardArrow />
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </Page>
  );
}
