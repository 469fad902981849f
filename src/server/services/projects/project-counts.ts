import { inArray, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractStatusCounts } from '../../db/schema';

/** How many contracts (templates aside) each project holds, from the trigger-kept counters. */
export async function contractCountsByProject(
  db: Database,
  projectIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(projectIds.map((id) => [id, 0]));
  if (projectIds.length === 0) return counts;
  const rows = await db
    .select({
      projectId: contractStatusCounts.projectId,
      count: sum(contractStatusCounts.count).mapWith(Number),
    })
    .from(contractStatusCounts)
    .where(inArray(contractStatusCounts.projectId, [...projectIds]))
    .groupBy(contractStatusCounts.projectId);
  for (const row of rows) counts.set(row.projectId, row.count);
  return counts;
}
