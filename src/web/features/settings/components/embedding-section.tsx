import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { embedOriginsProblem, maxEmbedOrigins } from '../../../../shared/embedding/web-origin';
import { Saved, SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { embeddingQuery, useUpdateEmbedding } from '../api/embedding';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The web origins whose pages may show the signing page in a frame, for recipients your app signs in. */
export function EmbeddingSection() {
  const settings = useQuery(embeddingQuery);
  const update = useUpdateEmbedding();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setText(settings.data.origins.join('\n'));
  }, [settings.data]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const origins = linesOf(text);
    const found = embedOriginsProblem(origins);
    setProblem(found);
    if (!found) update.mutate(origins);
  };
  return (
    <SettingsSection
      id="embedding"
      title="Embedded signing"
      description="Recipients saved as embedded sign inside your own web app, which asks the API for their signing URL and shows it in a frame. Only pages of these origins may frame it."
    >
      {settings.error ? (
        <ErrorBanner>{errorMessage(settings.error)}</ErrorBanner>
      ) : (
        <form onSubmit={save} className="space-y-3" noValidate>
          <label htmlFor="embed-origins" className="block text-sm font-medium text-slate-700">
            Web origins, one a line (at most {maxEmbedOrigins})
          </label>
          <textarea
            id="embed-origins"
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="https://app.example.com"
            aria-describedby="embed-origins-help"
            aria-invalid={problem ? true : undefined}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm shadow-sm focus:border-indigo-500 focus:ring-indigo-500"
          />
          <p id="embed-origins-help" className="text-xs text-slate-500">
            The scheme, host and port of your app, such as https://app.example.com. Plain http only for
            localhost.
          </p>
          {(problem || update.error) && <ErrorBanner>{problem ?? errorMessage(update.error)}</ErrorBanner>}
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={update.isPending || settings.isPending}>
              Save origins
            </Button>
            <Saved show={update.isSuccess && !problem} />
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
