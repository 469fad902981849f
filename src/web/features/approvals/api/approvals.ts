import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalDecisionInput,
  ApprovalRuleInput,
  UpdateApprovalRuleInput,
} from '../../../../shared/api/approvals';
import { api } from '../../../lib/api';
import { contractKeys, settingsKeys } from '../../../lib/query-keys';

export const approvalRulesQuery = queryOptions({
  queryKey: settingsKeys.approvalRules(),
  queryFn: () => api.approvals.rules(),
});

export const contractApprovalQuery = (id: string) =>
  queryOptions({
    queryKey: contractKeys.approval(id),
    queryFn: () => api.approvals.get({ params: { id } }),
  });

function useStoreRules() {
  const client = useQueryClient();
  return (rules: Awaited<ReturnType<typeof api.approvals.rules>>) =>
    client.setQueryData(approvalRulesQuery.queryKey, rules);
}

export function useCreateApprovalRule() {
  const store = useStoreRules();
  return useMutation({
    mutationFn: (body: ApprovalRuleInput) => api.approvals.createRule({ body }),
    onSuccess: store,
  });
}

export function useUpdateApprovalRule() {
  const store = useStoreRules();
  return useMutation({
    mutationFn: ({ ruleId, ...body }: UpdateApprovalRuleInput & { ruleId: string }) =>
      api.approvals.updateRule({ params: { ruleId }, body }),
    onSuccess: store,
  });
}

export function useDeleteApprovalRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => api.approvals.deleteRule({ params: { ruleId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: approvalRulesQuery.queryKey }),
  });
}

function useStoreApproval(id: string) {
  const client = useQueryClient();
  return (approval: Awaited<ReturnType<typeof api.approvals.get>>) => {
    client.setQueryData(contractKeys.approval(id), approval);
    void client.invalidateQueries({ queryKey: contractKeys.history(id) });
  };
}

export function useRequestApproval(id: string) {
  const store = useStoreApproval(id);
  return useMutation({
    mutationFn: () => api.approvals.request({ params: { id } }),
    onSuccess: store,
  });
}

export function useDecideApproval(id: string) {
  const store = useStoreApproval(id);
  return useMutation({
    mutationFn: (body: ApprovalDecisionInput) => api.approvals.decide({ params: { id }, body }),
    onSuccess: store,
  });
}
