import { Outlet } from 'react-router';
import { useIsAdmin } from '../../auth/api/session';
import { SettingsNav } from '../components/settings-nav';

/** /settings/{group}: the settings heading, the navigation between the pages, and the open page. */
export function SettingsLayout() {
  const isAdmin = useIsAdmin();
  return (
    <div className="mx-auto max-w-3xl xl:max-w-5xl">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">
          {isAdmin ? 'Settings of your organization.' : 'Only an admin can change these settings.'}
        </p>
      </div>
      <div className="mt-6 xl:grid xl:grid-cols-[12rem_minmax(0,1fr)] xl:items-start xl:gap-10">
        <SettingsNav isAdmin={isAdmin} />
        <div className="mt-6 min-w-0 xl:mt-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
