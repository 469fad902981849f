import type { QueryClient } from '@tanstack/react-query';
import type { Contract } from '../../shared/api/contracts';
import {
  contractKeys,
  dashboardKeys,
  deadlineKeys,
  projectKeys,
  signatureKeys,
  templateKeys,
} from './query-keys';

/**
 * What goes stale when a contract (or template) changes, written once for every mutation that
 * changes one: the lists and counts that show it (contracts, templates, projects, the dashboard,
 * signature requests, deadlines) and the contract itself.
 * - Given the contract the server answered, it is stored as is and not fetched again (the editor
 *   saves as the user types: a refetch there would be wasted, and could race the next save);
 *   its signing state, history, versions, approvals and key terms are refetched.
 * - Given an id, everything under the contract is refetched.
 * - With `removed`, the contract's own entries are dropped.
 * Resolves when the contract itself is fetched again (given an id), for a change whose controls
 * must not act on the contract as it was.
 */
export function invalidateContract(
  client: QueryClient,
  changed: Contract | string,
  options: { removed?: boolean } = {},
): Promise<void> {
  const id = typeof changed === 'string' ? changed : changed.id;
  let refetched = Promise.resolve();
  if (options.removed) client.removeQueries({ queryKey: contractKeys.detail(id) });
  else if (typeof changed === 'string')
    refetched = client.invalidateQueries({ queryKey: contractKeys.detail(id) });
  else {
    client.setQueryData(contractKeys.detail(id), changed);
    void client.invalidateQueries({ queryKey: contractKeys.signing(id) });
    void client.invalidateQueries({ queryKey: contractKeys.history(id) });
    void client.invalidateQueries({ queryKey: contractKeys.versions(id) });
    void client.invalidateQueries({ queryKey: contractKeys.approval(id) });
    void client.invalidateQueries({ queryKey: contractKeys.terms(id) });
  }
  void client.invalidateQueries({ queryKey: contractKeys.lists() });
  void client.invalidateQueries({ queryKey: templateKeys.all });
  void client.invalidateQueries({ queryKey: projectKeys.all });
  void client.invalidateQueries({ queryKey: dashboardKeys.all });
  void client.invalidateQueries({ queryKey: signatureKeys.requests() });
  // Its status and terms decide which deadlines it has.
  void client.invalidateQueries({ queryKey: deadlineKeys.all });
  return refetched;
}
