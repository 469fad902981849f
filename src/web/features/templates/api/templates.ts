import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractPage } from '../../../../shared/api/contracts';
import { apiRequest, postJson } from '../../../lib/api-client';

export const templateListPageSize = 20;

/** The organization's templates, newest updated first, searched by title. */
export const templateListQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['templates', 'list', q],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(templateListPageSize) });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<ContractPage>(`/templates?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * A template's signers are its roles: the name is the role ('Client') and the e-mail a placeholder
 * the signer list needs (unique per contract), never shown. A contract made from the template
 * starts without them and asks for the real people.
 */
export const roleEmail = (index: number) => `role-${index + 1}@template.invalid`;

/** Where the editor of a draft just made from a template finds its roles and opens 'Fill in fields'. */
export type FromTemplateState = { fromTemplate: { roles: string[]; fillFields: boolean } };

export function fromTemplateOf(state: unknown): FromTemplateState['fromTemplate'] | null {
  const value = (state as Partial<FromTemplateState> | null)?.fromTemplate;
  return value && Array.isArray(value.roles) ? value : null;
}

export function useCreateFromTemplate() {
  const client = useQueryClient();
  return useMutation({
    /** id: chosen when the dialog opens, so trying again never makes a second draft. */
    mutationFn: ({ templateId, id, projectId }: { templateId: string; id: string; projectId: string }) =>
      postJson<Contract>(`/templates/${templateId}/contracts`, { id, ...(projectId ? { projectId } : {}) }),
    onSuccess: (contract) => {
      client.setQueryData(['contracts', contract.id], contract);
      void client.invalidateQueries({ queryKey: ['contracts', 'list'] });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
      void client.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/contracts/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: ['contracts', id] });
      void client.invalidateQueries({ queryKey: ['templates'] });
    },
  });
}
