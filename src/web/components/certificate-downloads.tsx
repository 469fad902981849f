import { Download } from 'lucide-react';
import type { CertificateFormat } from '../../shared/api/settings';

/**
 * Links that download a sealing certificate's public part, DER (.cer) and PEM (.pem), to trust
 * in a validator of one's own (Adobe Acrobat, pyHanko, openssl...).
 */
export function CertificateDownloads({
  urlOf,
  label,
}: {
  urlOf: (format: CertificateFormat) => string;
  label: string;
}) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      {(['cer', 'pem'] as const).map((format) => (
        <a
          key={format}
          href={urlOf(format)}
          download
          className="inline-flex items-center gap-1.5 font-medium text-indigo-700 underline hover:text-indigo-500"
        >
          <Download aria-hidden="true" className="size-4" />
          {format === 'cer' ? 'Download .cer (DER)' : 'Download .pem'}
          <span className="sr-only"> of {label}</span>
        </a>
      ))}
    </p>
  );
}
