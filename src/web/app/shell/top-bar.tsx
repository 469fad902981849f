import { Menu, Search } from 'lucide-react';
import type { RefObject } from 'react';
import { NavLink, useNavigate } from 'react-router';
import type { CurrentUser } from '../../../shared/api/auth';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import { TopBarFrame, Wordmark } from './top-bar-frame';
import { UserMenu } from './user-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-slate-100 text-slate-900' : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900'}`;

/** The top bar's search box: Enter opens the search page with the words. */
function TopSearch() {
  const navigate = useNavigate();
  return (
    <form
      aria-label="Search contracts"
      className="relative hidden md:block"
      onSubmit={(event) => {
        event.preventDefault();
        const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
        navigate(q ? `/search?${new URLSearchParams({ q })}` : '/search');
      }}
    >
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        name="q"
        type="search"
        aria-label="Search contracts"
        placeholder="Search"
        maxLength={200}
        className="h-9 w-48 rounded-md border-0 pr-2 pl-8 text-sm shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 lg:w-64"
      />
    </form>
  );
}

/** The signed-in top bar: links, notifications and the avatar menu. */
export function TopBar({
  user,
  onOpenMenu,
  menuButtonRef,
}: {
  user: CurrentUser;
  onOpenMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <TopBarFrame>
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onOpenMenu}
        aria-label="Open navigation menu"
        className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <Wordmark to="/dashboard" />
      <nav aria-label="Main" className="ml-6 hidden gap-1 md:flex">
        <NavLink to="/dashboard" className={navLinkClass}>
          Dashboard
        </NavLink>
        <NavLink to="/projects" className={navLinkClass}>
          Projects
        </NavLink>
        <NavLink to="/templates" className={navLinkClass}>
          Templates
        </NavLink>
      </nav>
      <div className="ml-auto flex items-center gap-2">
        <TopSearch />
        <NotificationsMenu />
        <UserMenu user={user} />
      </div>
    </TopBarFrame>
  );
}
