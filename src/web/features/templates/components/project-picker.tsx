import { useState } from 'react';
import type { ProjectSummary } from '../../../../shared/api/projects';
import { useProjects } from '../../projects/api/projects';

/** The organization's first (oldest) project: where the server puts a contract by default. */
function firstProject(projects: ProjectSummary[] | undefined): ProjectSummary | undefined {
  return projects?.reduce<ProjectSummary | undefined>(
    (oldest, project) => (!oldest || project.createdAt < oldest.createdAt ? project : oldest),
    undefined,
  );
}

/**
 * The project a template's contracts go to, the first one until another is picked: `projectId`
 * is '' while the projects load or when there is none (the server then makes "General").
 */
export function useProjectPick() {
  const projects = useProjects();
  const [picked, pick] = useState('');
  return { projects, projectId: picked || firstProject(projects.data)?.id || '', pick };
}

/** The project select of the template dialogs (Use template, Send in bulk). */
export function ProjectPicker({
  id,
  projects,
  value,
  onChange,
  none,
}: {
  id: string;
  projects: ProjectSummary[] | undefined;
  value: string;
  onChange: (projectId: string) => void;
  /** What happens without a project, said where the select would be. */
  none: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Project
      </label>
      {projects && projects.length === 0 ? (
        <p id={id} className="mt-1 text-sm text-slate-600">
          {none}
        </p>
      ) : (
        <select
          id={id}
          value={value}
          disabled={!projects}
          onChange={(event) => onChange(event.target.value)}
          className="mt-1 block h-10 w-full rounded-md border-0 pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
        >
          {projects?.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
