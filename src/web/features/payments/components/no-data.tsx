import { Link } from 'react-router';
import { Page } from '../../../components/layout/page';
import { buttonClasses } from '../../../components/ui/button';

/** 'No … Data Found' pages: said plainly, with the way back. */
export function NoDataPage({
  pageTitle,
  title,
  text,
  to,
  action,
}: {
  pageTitle: string;
  title: string;
  text: string;
  to: string;
  action: string;
}) {
  return (
    <Page title={pageTitle} className="max-w-2xl">
      <section className="flex flex-col items-start gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-6">
        <h1 className="text-2xl font-black text-white">{title}</h1>
        <p className="text-slate-300">{text}</p>
        <Link to={to} className={buttonClasses('primary', 'md')}>
          {action}
        </Link>
      </section>
    </Page>
  );
}
