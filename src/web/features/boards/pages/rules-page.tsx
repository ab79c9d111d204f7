import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { boardRulesQuery } from '../api';

/** A board's official rules (`/boards/:slug/rules`): each section a heading and its paragraphs, one column. */
export function RulesPage() {
  const { slug = '' } = useParams();
  const rules = useQuery(boardRulesQuery(slug));
  return (
    <Page title={rules.data?.title ?? 'Official rules'} className="flex max-w-3xl flex-col gap-6">
      <BackLink to={`${paths.boards}/${encodeURIComponent(slug)}`}>Back to the board</BackLink>
      {rules.isError ? (
        <LoadFailed message="We couldn't load these rules." onRetry={() => void rules.refetch()} />
      ) : !rules.data ? (
        <>
          <h1 className="text-3xl font-black text-white">Official rules</h1>
          <Skeleton className="h-96" />
        </>
      ) : (
        <article className="flex flex-col gap-6">
          <h1 className="text-3xl font-black break-words text-white">{rules.data.title}</h1>
          {rules.data.sections.map((section) => (
            <section key={section.id} aria-labelledby={`rules-${section.id}`} className="flex flex-col gap-2">
              <h2 id={`rules-${section.id}`} className="text-xl font-bold text-white">
                {section.title}
              </h2>
              {section.paragraphs.map((p) => (
                <p key={p} className="break-words text-base leading-relaxed text-slate-200">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </article>
      )}
    </Page>
  );
}
