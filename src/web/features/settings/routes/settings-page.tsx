import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ApprovalRulesSection } from '../../approvals/public/approval-rules-section';
import { useSession } from '../../auth/api/session';
import { RequireTwoFactorSection } from '../../two-factor/public/require-two-factor-section';
import { organizationSettingsQuery } from '../api/settings';
import { ApiTokensSection } from '../components/api-tokens-section';
import { OrganizationSection } from '../components/organization-section';
import { SealingCertificateSection } from '../components/sealing-certificate-section';
import { SignerFieldsSection } from '../components/signer-fields-section';
import { SigningDefaultsSection } from '../components/signing-defaults-section';
import { WebhooksSection } from '../components/webhooks-section';

/** /settings: the organization, its signer fields, signing defaults, approval rules, sealing certificate, API tokens and webhooks. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const session = useSession();
  const settings = useQuery(organizationSettingsQuery);
  const canEdit = session.data?.role === 'admin';
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">
          {canEdit ? 'Settings of your organization.' : 'Only an admin can change these settings.'}
        </p>
      </div>
      {settings.error && (
        <ErrorBanner>The settings could not be loaded: {settings.error.message}</ErrorBanner>
      )}
      {settings.isPending && (
        <div
          role="status"
          aria-label="Loading settings"
          className="h-64 animate-pulse rounded-lg bg-slate-100"
        />
      )}
      {settings.data && (
        <>
          <OrganizationSection settings={settings.data} canEdit={canEdit} />
          <SignerFieldsSection canEdit={canEdit} />
          <SigningDefaultsSection settings={settings.data} canEdit={canEdit} />
          <ApprovalRulesSection canEdit={canEdit} />
          <SealingCertificateSection canEdit={canEdit} />
          <RequireTwoFactorSection canEdit={canEdit} />
          {canEdit && <ApiTokensSection />}
          {canEdit && <WebhooksSection />}
          {canEdit && (
            <SettingsSection
              title="Mail"
              description="Every e-mail Pactum sends for your organization, and whether it was delivered."
            >
              <Link
                to="/mail"
                className="inline-flex items-center gap-2 text-sm font-medium text-indigo-600 hover:text-indigo-500"
              >
                <Mail aria-hidden="true" className="size-4" /> Open the mail outbox
              </Link>
            </SettingsSection>
          )}
        </>
      )}
    </div>
  );
}
