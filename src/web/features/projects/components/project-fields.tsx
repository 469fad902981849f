import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { type FieldErrors, fieldErrors } from '../../../lib/field-errors';

export type ProjectFieldErrors = FieldErrors<'name' | 'description'>;

/** The server names the field it refuses; anything else is shown above the form's buttons. */
export function projectFieldErrors(error: unknown): ProjectFieldErrors {
  return fieldErrors(error, ['name', 'description']);
}

/** Name and description, as the create page and the edit dialog ask for them. */
export function ProjectFields({
  name,
  description,
  errors,
  onNameChange,
  onDescriptionChange,
}: {
  name: string;
  description: string;
  errors: ProjectFieldErrors;
  onNameChange: (name: string) => void;
  onDescriptionChange: (description: string) => void;
}) {
  const descriptionId = useId();
  const hintId = `${descriptionId}-hint`;
  const errorId = `${descriptionId}-error`;
  return (
    <div className="space-y-5">
      <TextField
        label="Name"
        required
        name="name"
        value={name}
        maxLength={100}
        autoComplete="off"
        placeholder="e.g. Riverside office lease"
        error={errors.name}
        onChange={(event) => onNameChange(event.target.value)}
      />
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={descriptionId} className="block text-sm font-medium text-slate-700">
            Description
          </label>
          <span id={hintId} className="text-xs text-slate-500">
            Optional
          </span>
        </div>
        <textarea
          id={descriptionId}
          name="description"
          value={description}
          maxLength={2000}
          rows={4}
          placeholder="What the contracts in this project are about"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => onDescriptionChange(event.target.value)}
          className="mt-1 block w-full resize-y rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-invalid:ring-red-500"
        />
        {errors.description && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {errors.description}
          </p>
        )}
      </div>
    </div>
  );
}
