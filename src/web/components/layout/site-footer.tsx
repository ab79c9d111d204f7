import { Link } from 'react-router';
import { paths } from '../../app/paths';

/** Each footer link is a tap target of 44 px tall, its padding inside the link. */
const footerLink = 'inline-flex min-h-11 items-center px-2 hover:text-white';

export function SiteFooter() {
  return (
    <footer className="border-t border-ink-700 bg-ink-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-300 sm:flex-row sm:items-center sm:justify-between">
        <p>© FanGrid. Game boards that raise money for the teams and causes fans love.</p>
        <nav aria-label="Footer">
          <ul className="-mx-2 flex flex-wrap gap-x-3 gap-y-1">
            <li>
              <Link className={footerLink} to={paths.sports}>
                Sports
              </Link>
            </li>
            <li>
              <Link className={footerLink} to={paths.partners}>
                Partners
              </Link>
            </li>
            <li>
              <Link className={footerLink} to={paths.faq}>
                FAQ
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
