import { useMutation, useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { savedViewsQuery, useDeleteView, useSaveView } from '../api/search';
import { controlClass } from './search-filters';

/** Pick a saved view (it becomes the address), save the current search under a name, delete one. */
export function SavedViews({ query, onPick }: { query: string; onPick: (query: string) => void }) {
  const views = useQuery(savedViewsQuery);
  const save = useSaveView();
  const remove = useDeleteView();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const chosen = views.data?.find((view) => view.query === query);
  const confirmSave = useMutation({
    mutationFn: () => save.mutateAsync({ name: name.trim(), query, shared }),
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        aria-label="Saved views"
        value={chosen?.id ?? ''}
        onChange={(event) => {
          const view = views.data?.find((item) => item.id === event.target.value);
          if (view) onPick(view.query);
        }}
        className={`${controlClass} max-w-64 min-w-0 pr-8`}
      >
        <option value="">Saved views…</option>
        {views.data?.map((view) => (
          <option key={view.id} value={view.id}>
            {view.name}
            {view.shared ? ' (shared)' : ''}
          </option>
        ))}
      </select>
      {chosen?.canDelete && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete the view ${chosen.name}`}
          loading={remove.isPending}
          onClick={() => remove.mutate(chosen.id)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      )}
      <FormDialog
        trigger={
          <Button variant="secondary" size="sm">
            Save view
          </Button>
        }
        title="Save this view"
        description="Its words and filters, under a name, to open again from Saved views."
        keepLabel="Cancel"
        confirmLabel="Save view"
        ready={name.trim().length > 0}
        pending={confirmSave.isPending}
        error={confirmSave.error}
        onConfirm={async () => {
          await confirmSave.mutateAsync();
          setName('');
          setShared(false);
        }}
      >
        <TextField
          label="Name"
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
          Share with the organization
        </label>
      </FormDialog>
    </div>
  );
}
