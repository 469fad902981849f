import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { randomId } from '../../../lib/random-id';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateProject } from '../api/projects';
import { BackToProjects } from '../components/back-to-projects';
import { ProjectFields, projectFieldErrors } from '../components/project-fields';

/** /projects/new: a name and a description; the new project opens once it is saved. */
export function NewProjectPage() {
  useDocumentTitle('New Project');
  const navigate = useNavigate();
  const location = useLocation();
  // Chosen once per visit, so a retried create can never make two projects.
  const [id] = useState(randomId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateProject();
  const errors = projectFieldErrors(create.error);
  // Opened directly (no earlier page in this tab): back means the project list.
  const goBack = () => (location.key === 'default' ? navigate('/projects') : navigate(-1));
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (create.isError) create.reset();
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <BackToProjects />
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">New Project</h1>
        <p className="mt-1 text-slate-600">Keep related contracts together and see where each one stands.</p>
      </div>
      <Card>
        <form
          noValidate
          aria-busy={create.isPending || undefined}
          onSubmit={(event) => {
            event.preventDefault();
            if (create.isPending) return;
            create.mutate(
              { id, name, description },
              { onSuccess: (project) => navigate(`/projects/${project.id}`, { replace: true }) },
            );
          }}
        >
          <div className="space-y-5 p-6">
            <ProjectFields
              name={name}
              description={description}
              errors={errors}
              onNameChange={edited(setName)}
              onDescriptionChange={edited(setDescription)}
            />
            {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
          </div>
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 bg-slate-50 px-6 py-4 sm:flex-row sm:justify-end rounded-b-lg">
            <Button variant="secondary" onClick={goBack}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create Project'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
