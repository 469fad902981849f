import {
  CalendarClock,
  ChartColumn,
  ChevronDown,
  FileText,
  FolderOpen,
  LayoutDashboard,
  Mails,
  PenLine,
  Plus,
  Search,
  Settings,
  Users,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useProjects } from '../../features/projects/api/projects';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

function Item({
  to,
  icon,
  children,
  onNavigate,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  onNavigate?: () => void;
}) {
  return (
    <NavLink to={to} className={itemClass} onClick={onNavigate}>
      {icon}
      {children}
    </NavLink>
  );
}

function ProjectsGroup({ onNavigate }: { onNavigate?: () => void }) {
  const [open, setOpen] = useState(true);
  const projects = useProjects();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="sidebar-projects"
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <FolderOpen aria-hidden="true" className="size-5 text-slate-400" />
        Projects
        <ChevronDown
          aria-hidden="true"
          className={`ml-auto size-4 transition-transform ${open ? '' : '-rotate-90'}`}
        />
      </button>
      {open && (
        <div id="sidebar-projects" className="mt-1 space-y-0.5 pl-11">
          {projects.data?.length === 0 && (
            <p className="px-3 py-1.5 text-sm text-slate-500">No projects yet</p>
          )}
          {projects.data?.map((project) => (
            <NavLink
              key={project.id}
              to={`/projects/${project.id}`}
              onClick={onNavigate}
              className={({ isActive }) =>
                `block truncate rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100'}`
              }
            >
              {project.name}
            </NavLink>
          ))}
          <Link
            to="/projects/new"
            onClick={onNavigate}
            className="flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-indigo-600 hover:bg-indigo-50"
          >
            <Plus aria-hidden="true" className="size-4" />
            New Project
          </Link>
        </div>
      )}
    </div>
  );
}

/** The navigation column: fixed beside the page on large screens, inside a slide-in panel on small ones. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const icon = (Icon: typeof FileText) => <Icon aria-hidden="true" className="size-5 text-slate-400" />;
  return (
    <nav aria-label="Sidebar" data-tour="sidebar" className="flex h-full flex-col gap-1 overflow-y-auto p-3">
      <Item to="/dashboard" icon={icon(LayoutDashboard)} onNavigate={onNavigate}>
        Dashboard
      </Item>
      <Item to="/search" icon={icon(Search)} onNavigate={onNavigate}>
        Search
      </Item>
      <ProjectsGroup onNavigate={onNavigate} />
      <Item to="/deadlines" icon={icon(CalendarClock)} onNavigate={onNavigate}>
        Deadlines
      </Item>
      <Item to="/templates" icon={icon(FileText)} onNavigate={onNavigate}>
        Templates
      </Item>
      <Item to="/bulk-sends" icon={icon(Mails)} onNavigate={onNavigate}>
        Bulk sends
      </Item>
      <Item to="/signatures" icon={icon(PenLine)} onNavigate={onNavigate}>
        Signatures
      </Item>
      <Item to="/reports" icon={icon(ChartColumn)} onNavigate={onNavigate}>
        Reports
      </Item>
      <Item to="/team" icon={icon(Users)} onNavigate={onNavigate}>
        Team
      </Item>
      <div className="mt-auto border-t border-slate-200 pt-2">
        <Item to="/settings" icon={icon(Settings)} onNavigate={onNavigate}>
          Settings
        </Item>
      </div>
    </nav>
  );
}
