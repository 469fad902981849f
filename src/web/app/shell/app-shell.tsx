import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { CurrentUser } from '../../../shared/api/auth';
import { EmailVerificationBanner } from '../../features/profile/components/email-verification-banner';
import { TourProvider } from '../../features/tour/guided-tour';
import { MobileMenu } from './mobile-menu';
import { SidebarNav } from './sidebar';
import { TopBar } from './top-bar';

/** Top bar, sidebar and the page: the frame of every signed-in screen. */
export function AppShell({ user }: { user: CurrentUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // A navigation closes the slide-in menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <TourProvider>
      <div className="min-h-screen bg-slate-50">
        <TopBar user={user} onOpenMenu={() => setMenuOpen(true)} menuButtonRef={menuButton} />
        <aside className="fixed inset-y-0 left-0 top-16 hidden w-64 border-r border-slate-200 bg-white lg:block">
          <SidebarNav />
        </aside>
        <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
        <main className="pt-16 lg:pl-64">
          <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
            <EmailVerificationBanner />
            <Outlet />
          </div>
        </main>
      </div>
    </TourProvider>
  );
}
