import { Navigate, useLocation } from 'react-router';
import { settingsGroupOf } from '../../../../shared/settings-sections';

/**
 * /settings, or a settings page that does not exist, opens General. A link from before the
 * settings had pages (`/settings#webhooks`, in mails already sent) opens its section's page.
 */
export function SettingsRedirect() {
  const { hash } = useLocation();
  const group = settingsGroupOf(hash.slice(1)) ?? 'general';
  return <Navigate to={{ pathname: `/settings/${group}`, hash }} replace />;
}
