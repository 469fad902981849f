import { useSearchParams } from 'react-router';
import { defaultReportRange } from '../../../../shared/reports/report-range';
import { dayOf, isCalendarDay } from '../../../../shared/terms';
import { buttonClass } from '../../../components/ui/button';
import { useProjects } from '../../projects/api/projects';
import type { ReportRange } from '../api/reports';

/** The range and project the page shows, from its address (so a link shares the view); the last twelve months by default. */
export function useReportRange(): [ReportRange, (next: Partial<ReportRange>) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = defaultReportRange(dayOf(new Date()));
  const day = (name: string, otherwise: string) => {
    const value = params.get(name);
    return value && isCalendarDay(value) ? value : otherwise;
  };
  const project = params.get('project');
  const range: ReportRange = {
    from: day('from', fallback.from),
    to: day('to', fallback.to),
    ...(project ? { projectId: project } : {}),
  };
  const update = (next: Partial<ReportRange>) => {
    const merged = { ...range, ...next };
    const search = new URLSearchParams();
    if (merged.from !== fallback.from || merged.to !== fallback.to) {
      search.set('from', merged.from);
      search.set('to', merged.to);
    }
    if (merged.projectId) search.set('project', merged.projectId);
    setParams(search, { replace: true });
  };
  return [range, update];
}

const fieldClass =
  'block h-10 w-full rounded-md border-0 px-3 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600';

export function ReportFilters({
  range,
  onChange,
}: {
  range: ReportRange;
  onChange: (next: Partial<ReportRange>) => void;
}) {
  const projects = useProjects();
  const fallback = defaultReportRange(dayOf(new Date()));
  const isDefault = range.from === fallback.from && range.to === fallback.to && !range.projectId;
  return (
    <form
      aria-label="Report filters"
      className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
      onSubmit={(event) => event.preventDefault()}
    >
      <label className="block text-sm font-medium text-slate-700">
        From
        <input
          type="date"
          className={`${fieldClass} mt-1`}
          value={range.from}
          max={range.to}
          onChange={(event) => isCalendarDay(event.target.value) && onChange({ from: event.target.value })}
        />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        To
        <input
          type="date"
          className={`${fieldClass} mt-1`}
          value={range.to}
          min={range.from}
          onChange={(event) => isCalendarDay(event.target.value) && onChange({ to: event.target.value })}
        />
      </label>
      <label className="col-span-2 block text-sm font-medium text-slate-700 sm:min-w-56">
        Project
        <select
          className={`${fieldClass} mt-1 bg-white`}
          value={range.projectId ?? ''}
          onChange={(event) => onChange({ projectId: event.target.value || undefined })}
        >
          <option value="">All projects</option>
          {projects.data?.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </label>
      {!isDefault && (
        <button
          type="button"
          className={buttonClass('ghost', 'md', 'col-span-2 sm:col-span-1')}
          onClick={() => onChange({ ...fallback, projectId: undefined })}
        >
          Last 12 months, all projects
        </button>
      )}
    </form>
  );
}
