import { type RefObject, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving with unsaved changes asks first, inside the app and when closing the tab (not while
 * `leavingAfterSave` is set: the page is moving to the address of what it just saved).
 */
export function useLeaveGuard(dirty: boolean, leavingAfterSave: RefObject<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leavingAfterSave.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // Asked once per blocked navigation, even when the page re-renders before the answer lands.
  const askedFor = useRef<string | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      askedFor.current = null;
      return;
    }
    if (askedFor.current === blocker.location.key) return;
    askedFor.current = blocker.location.key;
    if (window.confirm('You have unsaved changes. Leave without saving?')) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
