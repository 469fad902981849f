import type { Project, ProjectSummary } from '../../shared/api/projects';
import { tallyStatusCounts } from '../../shared/statuses';
import type { ProjectRow } from '../db/schema';
import { presentContractSummary } from './contract';

export function presentProjectSummary(row: ProjectRow, contractCount: number): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    contractCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type ContractSummaryArgs = Parameters<typeof presentContractSummary>;

/** A project with its status counts and the contracts shown on its page, each with its signers. */
export function presentProject(
  row: ProjectRow,
  statusRows: Parameters<typeof tallyStatusCounts>[0],
  contracts: Array<{ row: ContractSummaryArgs[0]; signers: ContractSummaryArgs[1] }>,
): Project {
  const total = statusRows.reduce((sum, status) => sum + status.count, 0);
  return {
    ...presentProjectSummary(row, total),
    counts: tallyStatusCounts(statusRows),
    contracts: contracts.map((contract) => presentContractSummary(contract.row, contract.signers)),
  };
}
