import { Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import type { CurrentUser } from '../../../shared/api/auth';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import { TopBarFrame, Wordmark } from './top-bar-frame';
import { UserMenu } from './user-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-slate-100 text-slate-900' : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900'}`;

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
        <NotificationsMenu />
        <UserMenu user={user} />
      </div>
    </TopBarFrame>
  );
}
