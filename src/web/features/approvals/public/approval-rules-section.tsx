import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ApprovalRule } from '../../../../shared/api/approvals';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { useProjects } from '../../projects/api/projects';
import { teamQuery } from '../../team/api/team';
import {
  approvalRulesQuery,
  useCreateApprovalRule,
  useDeleteApprovalRule,
  useUpdateApprovalRule,
} from '../api/approvals';

type Approvers = { anyAdmin: boolean; approverIds: string[] };

const scopeOf = (rule: ApprovalRule) => (rule.project ? `Project “${rule.project.name}”` : 'Every contract');

function whoOf(rule: ApprovalRule): string {
  const names = rule.approvers.map((person) => person.name);
  if (rule.anyAdmin) names.push('any admin');
  return names.join(', ');
}

/** Team members to tick, and "any admin". */
function ApproverPicker({
  value,
  onChange,
  idPrefix,
}: {
  value: Approvers;
  onChange: (value: Approvers) => void;
  idPrefix: string;
}) {
  const team = useQuery(teamQuery);
  const toggle = (userId: string, on: boolean) =>
    onChange({
      ...value,
      approverIds: on ? [...value.approverIds, userId] : value.approverIds.filter((id) => id !== userId),
    });
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-700">Who must approve</legend>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300"
          checked={value.anyAdmin}
          onChange={(event) => onChange({ ...value, anyAdmin: event.target.checked })}
        />
        Any admin
      </label>
      {(team.data?.members ?? []).map((member) => (
        <label key={member.userId} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            id={`${idPrefix}-${member.userId}`}
            className="size-4 shrink-0 rounded border-slate-300"
            checked={value.approverIds.includes(member.userId)}
            onChange={(event) => toggle(member.userId, event.target.checked)}
          />
          <span className="truncate">
            {member.name} <span className="text-slate-500">({member.email})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function RuleRow({ rule, canEdit }: { rule: ApprovalRule; canEdit: boolean }) {
  const [editing, setEditing] = useState<Approvers | null>(null);
  const update = useUpdateApprovalRule();
  const remove = useDeleteApprovalRule();
  const error = update.error ?? remove.error;
  return (
    <li className="py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">{scopeOf(rule)}</p>
          <p className="text-sm break-words text-slate-600">Approved by {whoOf(rule)}</p>
        </div>
        {canEdit && !editing && (
          <div className="flex shrink-0 gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                setEditing({
                  anyAdmin: rule.anyAdmin,
                  approverIds: rule.approvers.map((person) => person.id),
                })
              }
            >
              Change
            </Button>
            <Button
              size="sm"
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate(rule.id)}
            >
              Remove
            </Button>
          </div>
        )}
      </div>
      {editing && (
        <div className="mt-3 space-y-3 rounded-md bg-slate-50 p-3">
          <ApproverPicker value={editing} onChange={setEditing} idPrefix={`rule-${rule.id}`} />
          <div className="flex gap-2">
            <Button
              size="sm"
              loading={update.isPending}
              onClick={() =>
                update.mutate({ ruleId: rule.id, ...editing }, { onSuccess: () => setEditing(null) })
              }
            >
              Save rule
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {error && (
        <div className="mt-2">
          <ErrorBanner>{error.message}</ErrorBanner>
        </div>
      )}
    </li>
  );
}

/**
 * Settings → Approvals: the organization's rules (one for every contract, one per project) and,
 * for admins, adding, changing and removing them. The server enforces them when a draft is sent.
 */
export function ApprovalRulesSection({ canEdit }: { canEdit: boolean }) {
  const rules = useQuery(approvalRulesQuery);
  const projects = useProjects();
  const create = useCreateApprovalRule();
  const [scope, setScope] = useState('all');
  const [approvers, setApprovers] = useState<Approvers>({ anyAdmin: false, approverIds: [] });
  const items = rules.data?.items ?? [];
  const taken = new Set(items.map((rule) => rule.project?.id ?? 'all'));
  const scopes = [
    ...(taken.has('all') ? [] : [{ value: 'all', label: 'Every contract' }]),
    ...(projects.data ?? [])
      .filter((project) => !taken.has(project.id))
      .map((project) => ({ value: project.id, label: `Project “${project.name}”` })),
  ];
  const chosen = scopes.some((option) => option.value === scope) ? scope : (scopes[0]?.value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { projectId: chosen === 'all' ? null : chosen, ...approvers },
      { onSuccess: () => setApprovers({ anyAdmin: false, approverIds: [] }) },
    );
  };
  return (
    <SettingsSection
      id="approval-rules"
      title="Approval rules"
      description="A contract under a rule can be sent for signing only once everyone the rule names has approved it. Any later change to its title or content withdraws an approval."
    >
      {rules.error && <ErrorBanner>The rules could not be loaded: {rules.error.message}</ErrorBanner>}
      {items.length === 0 && rules.data && (
        <p className="text-sm text-slate-600">No rules: every contract can be sent without approval.</p>
      )}
      {items.length > 0 && (
        <ul className="divide-y divide-slate-200" aria-label="Approval rules">
          {items.map((rule) => (
            <RuleRow key={rule.id} rule={rule} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {canEdit && rules.data && projects.data && scopes.length > 0 && (
        <form onSubmit={submit} className="mt-4 space-y-3 border-t border-slate-200 pt-4" noValidate>
          <h4 className="text-sm font-semibold text-slate-900">Add a rule</h4>
          <div>
            <label htmlFor="approval-rule-scope" className="block text-sm font-medium text-slate-700">
              Applies to
            </label>
            <select
              id="approval-rule-scope"
              value={chosen}
              onChange={(event) => setScope(event.target.value)}
              className="mt-1 block h-10 w-full rounded-md border-0 px-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 sm:max-w-xs"
            >
              {scopes.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <ApproverPicker value={approvers} onChange={setApprovers} idPrefix="new-rule" />
          {create.error && <ErrorBanner>{create.error.message}</ErrorBanner>}
          <Button type="submit" loading={create.isPending}>
            Add rule
          </Button>
        </form>
      )}
    </SettingsSection>
  );
}
