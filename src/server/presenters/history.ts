import type { HistoryEntry } from '../../shared/api/history';
import type { ContractHistoryRow } from '../db/schema';

export function presentHistoryEntry(row: ContractHistoryRow): HistoryEntry {
  return {
    id: row.id,
    seq: row.seq,
    timestamp: row.timestamp.toISOString(),
    action: row.action as HistoryEntry['action'],
    userId: row.userId,
    userName: row.userName,
    details: row.details,
    ip: row.ip,
    userAgent: row.userAgent,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}
