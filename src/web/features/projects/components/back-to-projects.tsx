import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way up from a project screen to the list of projects. */
export function BackToProjects() {
  return (
    <Link
      to="/projects"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All projects
    </Link>
  );
}
