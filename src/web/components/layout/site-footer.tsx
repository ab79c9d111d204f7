import { Link } from 'react-router';
import { paths } from '../../app/paths';

export function SiteFooter() {
  return (
    <footer className="border-t border-ink-700 bg-ink-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-300 sm:flex-row sm:items-center sm:justify-between">
        <p>© FanGrid. Game boards that raise money for the teams and causes fans love.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link className="hover:text-white" to={paths.sports}>
                Sports
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to={paths.partners}>
                Partners
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to={paths.faq}>
                FAQ
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
