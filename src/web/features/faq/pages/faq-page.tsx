import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion';
import { faqQuery } from '../api';

export function FaqPage() {
  const faq = useQuery(faqQuery);
  return (
    <Page title="FAQ" className="flex max-w-3xl flex-col gap-8">
      <BackLink to={paths.root}>Back to Home</BackLink>
      <header>
        <h1 className="text-3xl font-black text-white sm:text-5xl">Frequently Asked Questions</h1>
        <p className="mt-2 text-slate-300">How game boards, payouts and scoring work on FanGrid.</p>
      </header>
      {faq.isError ? (
        <LoadFailed message="We couldn't load the FAQ." onRetry={() => void faq.refetch()} />
      ) : !faq.data ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        <>
          <PageSection id="general" title="General Questions" headingClassName="text-2xl font-bold text-white">
            <dl className="mt-4 flex flex-col gap-4">
              {faq.data.general.map((item) => (
                <div key={item.slug} className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
                  <dt className="font-semibold text-white">{item.question}</dt>
                  <dd className="mt-2 text-slate-300">{item.answer}</dd>
                </div>
              ))}
            </dl>
          </PageSection>
          <PageSection id="game" title="Game-Specific Information" headingClassName="text-2xl font-bold text-white">
            <Accordion type="multiple" className="mt-4 rounded-2xl border border-ink-700 bg-ink-850 px-5">
              {faq.data.game.map((item) => (
                <AccordionItem key={item.slug} value={item.slug}>
                  <AccordionTrigger>{item.question}</AccordionTrigger>
                  <AccordionContent>{item.answer}</AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </PageSection>
        </>
      )}
    </Page>
  );
}
