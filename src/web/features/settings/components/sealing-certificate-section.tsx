import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CertificateDownloads } from '../../../components/certificate-downloads';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/dates';
import { sealingCertificateQuery, useSealingCertificateChanges } from '../api/settings';

/** The certificate that seals signed PDFs: the instance's, or the organization's own PKCS#12. */
export function SealingCertificateSection({ canEdit }: { canEdit: boolean }) {
  const certificate = useQuery(sealingCertificateQuery);
  const changes = useSealingCertificateChanges();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const upload = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    changes.upload.mutate(
      { file, password },
      {
        onSuccess: () => {
          setFile(null);
          setPassword('');
        },
      },
    );
  };
  const data = certificate.data;
  const error = changes.upload.error ?? changes.remove.error;
  return (
    <SettingsSection
      id="sealing-certificate"
      title="Sealing certificate"
      description="Signed PDFs are sealed with this certificate, so anyone can check they were not changed."
    >
      {data && (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-500">In use</dt>
          <dd className="flex items-center gap-1.5 font-medium text-slate-900">
            <ShieldCheck aria-hidden="true" className="size-4 text-emerald-600" />
            {data.source === 'organization'
              ? "Your organization's certificate"
              : 'The Pactum instance certificate'}
          </dd>
          <dt className="text-slate-500">Subject</dt>
          <dd className="break-words text-slate-900">{data.subject}</dd>
          <dt className="text-slate-500">Issued by</dt>
          <dd className="break-words text-slate-900">{data.issuer}</dd>
          <dt className="text-slate-500">Valid</dt>
          <dd className="text-slate-900">
            {formatDate(data.notBefore)} – {formatDate(data.notAfter)}
          </dd>
          <dt className="text-slate-500">SHA-256</dt>
          <dd className="break-all font-mono text-xs text-slate-600">{data.fingerprintSha256}</dd>
          <dt className="text-slate-500">Public certificate</dt>
          <dd>
            <CertificateDownloads
              urlOf={(format) => api.settings.downloadSealingCertificate.url({ params: { format } })}
              label="the certificate in use"
            />
            <p className="mt-1 text-xs text-slate-500">
              Add it to a PDF reader's or validator's trusted certificates to check a seal with your own
              tools. It holds no key.
            </p>
          </dd>
        </dl>
      )}
      {canEdit && (
        <form
          onSubmit={upload}
          className="mt-5 grid gap-3 border-t border-slate-100 pt-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <div>
            <label htmlFor="certificate-file" className="block text-sm font-medium text-slate-700">
              PKCS#12 file (.p12, .pfx)
            </label>
            <input
              id="certificate-file"
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                changes.upload.reset();
              }}
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-200"
            />
          </div>
          <TextField
            label="Certificate password"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" variant="secondary" loading={changes.upload.isPending} disabled={!file}>
            Upload
          </Button>
        </form>
      )}
      {error && (
        <div className="mt-3">
          <ErrorBanner>{errorMessage(error)}</ErrorBanner>
        </div>
      )}
      {canEdit && data?.source === 'organization' && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-3"
          loading={changes.remove.isPending}
          onClick={() => changes.remove.mutate()}
        >
          Use the instance certificate instead
        </Button>
      )}
    </SettingsSection>
  );
}
