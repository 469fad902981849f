import type { Role } from '../../../../shared/api/auth';

export const roleLabels: Record<Role, string> = { admin: 'Admin', member: 'Member' };

const tones: Record<Role, string> = {
  admin: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  member: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[role]}`}
    >
      {roleLabels[role]}
    </span>
  );
}

export const roleSelectClass =
  'h-9 rounded-md border-0 bg-white pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 disabled:opacity-60';
