import { useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { settingsGroupInfo, settingsGroupOrder } from '../settings-groups';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  [
    'flex items-center gap-2 whitespace-nowrap text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
    // A row of tabs on narrow screens, a column beside the page on wide ones.
    'border-b-2 px-3 py-2.5 xl:rounded-md xl:border-b-0 xl:py-2',
    isActive
      ? 'border-indigo-600 text-indigo-700 xl:bg-indigo-50'
      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 xl:hover:bg-slate-100',
  ].join(' ');

/**
 * The settings pages: a column beside the page on wide screens, a row of tabs that scrolls
 * sideways on narrow ones. Members do not see the pages only admins may open.
 */
export function SettingsNav({ isAdmin }: { isAdmin: boolean }) {
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the current page's tab may be past the edge of the row: it is brought into it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes, by design
  useLayoutEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label="Settings">
      {/* The row's rule is a shadow inside it, under the tabs, so nothing sticks out of the scroller. */}
      <ul
        ref={row}
        className="relative flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_0_var(--color-slate-200)] xl:flex-col xl:overflow-visible xl:shadow-none"
      >
        {settingsGroupOrder
          .filter((group) => isAdmin || !settingsGroupInfo[group].adminOnly)
          .map((group) => {
            const { label, icon: Icon } = settingsGroupInfo[group];
            return (
              <li key={group} className="shrink-0">
                <NavLink to={`/settings/${group}`} className={linkClass}>
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {label}
                </NavLink>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
