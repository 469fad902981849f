import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { UserCircle2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../../shared/api/auth';
import { useSignOut } from '../../features/auth/api/session';

const itemClass =
  'block w-full cursor-pointer rounded px-3 py-2 text-left text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Open user menu"
        className="flex size-9 items-center justify-center rounded-full text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="size-8 rounded-full object-cover" />
        ) : (
          <UserCircle2 aria-hidden="true" className="size-8" data-testid="default-avatar" />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          <div className="border-b border-slate-100 px-3 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
          <div className="py-1">
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/profile')}>
              Your Profile
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/settings')}>
              Settings
            </DropdownMenu.Item>
            {user.role === 'admin' && (
              <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/mail')}>
                Mail outbox
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() =>
                signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })
              }
            >
              Sign out
            </DropdownMenu.Item>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
