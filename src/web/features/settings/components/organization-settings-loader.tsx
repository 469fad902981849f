import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { OrganizationSettings } from '../../../../shared/api/settings';
import { ErrorBanner } from '../../../components/ui/banner';
import { organizationSettingsQuery } from '../api/settings';

/** The sections that edit the organization's own settings, drawn once those have loaded. */
export function OrganizationSettingsLoader({
  children,
}: {
  children: (settings: OrganizationSettings) => ReactNode;
}) {
  const settings = useQuery(organizationSettingsQuery);
  if (settings.error) {
    return <ErrorBanner>The settings could not be loaded: {settings.error.message}</ErrorBanner>;
  }
  if (!settings.data) {
    return (
      <div
        role="status"
        aria-label="Loading settings"
        className="h-64 animate-pulse rounded-lg bg-slate-100"
      />
    );
  }
  return children(settings.data);
}
