import type { QueryClient } from '@tanstack/react-query';
import type { Contract } from '../../shared/api/contracts';
import { contractKeys, dashboardKeys, projectKeys, signatureKeys, templateKeys } from './query-keys';

/**
 * What goes stale when a contract (or template) changes, written once for every mutation that
 * changes one: the lists and counts that show it (contracts, templates, projects, the dashboard,
 * signature requests) and the contract itself.
 * - Given the contract the server answered, it is stored as is and not fetched again (the editor
 *   saves as the user types: a refetch there would be wasted, and could race the next save);
 *   its signing state, history, versions and approvals are refetched.
 * - Given an id, everything under the contract is refetched.
 * - With `removed`, the contract's own entries are dropped.
 */
export function invalidateContract(
  client: QueryClient,
  changed: Contract | string,
  options: { removed?: boolean } = {},
): void {
  const id = typeof changed === 'string' ? changed : changed.id;
  if (options.removed) client.removeQueries({ queryKey: contractKeys.detail(id) });
  else if (typeof changed === 'string') void client.invalidateQueries({ queryKey: contractKeys.detail(id) });
  else {
    client.setQueryData(contractKeys.detail(id), changed);
    void client.invalidateQueries({ queryKey: contractKeys.signing(id) });
    void client.invalidateQueries({ queryKey: contractKeys.history(id) });
    void client.invalidateQueries({ queryKey: contractKeys.versions(id) });
    void client.invalidateQueries({ queryKey: contractKeys.approval(id) });
  }
  void client.invalidateQueries({ queryKey: contractKeys.lists() });
  void client.invalidateQueries({ queryKey: templateKeys.all });
  void client.invalidateQueries({ queryKey: projectKeys.all });
  void client.invalidateQueries({ queryKey: dashboardKeys.all });
  void client.invalidateQueries({ queryKey: signatureKeys.requests() });
}
