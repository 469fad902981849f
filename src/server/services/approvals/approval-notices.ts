import { and, eq, inArray } from 'drizzle-orm';
import type { EventType } from '../../../shared/events';
import type { Database } from '../../db/client';
import { type ContractHead, contractHistory, type EventRow, memberships, users } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { notify } from '../lifecycle/notify';

type Notice = { kind: 'approval_requested' | 'approval_decided' | 'approval_withdrawn'; text: string };

const idsOf = (value: string | null | undefined) => (value ? value.split(',').filter(Boolean) : []);

/**
 * A decision's comment, read from its history entry (recorded with the event, at the same
 * instant): the event carries no comment, since event data reaches webhooks, and the approval row
 * may have been asked again since. The entry reads "Rejected …: <comment>".
 */
async function commentOf(
  db: Database,
  event: EventRow,
  action: 'approval_approved' | 'approval_rejected',
): Promise<string> {
  if (!event.contractId) return '';
  const [entry] = await db
    .select({ details: contractHistory.details })
    .from(contractHistory)
    .where(
      and(
        eq(contractHistory.contractId, event.contractId),
        eq(contractHistory.action, action),
        eq(contractHistory.timestamp, event.createdAt),
      ),
    );
  const details = entry?.details ?? '';
  const colon = details.indexOf(': ');
  return colon === -1 ? '' : details.slice(colon + 2);
}

/**
 * Who hears of an approval step, and what the bell says: the approvers asked (each admin for "any
 * admin"), the requester and the owner of a decision, the approvers whose approval a change
 * withdrew. Never the person who took the step.
 */
async function noticesOf(
  db: Database,
  event: EventRow,
  contract: ContractHead,
): Promise<{ userIds: string[]; notice: Notice; comment?: string } | null> {
  const data = event.data;
  const actor = data.actorName ?? 'Someone';
  const title = contract.title;
  switch (event.type as EventType) {
    case 'approval.requested': {
      const admins =
        data.anyAdmin === 'true'
          ? (
              await db
                .select({ userId: memberships.userId })
                .from(memberships)
                .where(
                  and(eq(memberships.organizationId, contract.organizationId), eq(memberships.role, 'admin')),
                )
            ).map((row) => row.userId)
          : [];
      return {
        userIds: [...idsOf(data.approverIds), ...admins],
        notice: { kind: 'approval_requested', text: `${actor} asks you to approve "${title}"` },
      };
    }
    case 'approval.approved':
    case 'approval.rejected': {
      const approved = event.type === 'approval.approved';
      const comment = await commentOf(db, event, approved ? 'approval_approved' : 'approval_rejected');
      return {
        userIds: [...idsOf(data.requesterIds), ...(contract.createdBy ? [contract.createdBy] : [])],
        notice: {
          kind: 'approval_decided',
          text: approved ? `${actor} approved "${title}"` : `${actor} rejected "${title}": ${comment}`,
        },
        comment,
      };
    }
    case 'approval.withdrawn':
      return {
        userIds: idsOf(data.approverIds),
        notice: {
          kind: 'approval_withdrawn',
          text: `"${title}" changed after you approved it (${data.reason ?? 'edited'}): your approval was withdrawn`,
        },
      };
    default:
      return null;
  }
}

/**
 * Tells the people an approval step concerns, in the bell and by e-mail, once per event and
 * person (the notification is unique per event and person, the mail's key is the event and
 * person), so a retried job tells no one twice. Only people still in the organization.
 */
export async function tellApprovalStep(db: Database, event: EventRow, contract: ContractHead): Promise<void> {
  const found = await noticesOf(db, event, contract);
  if (!found) return;
  const wanted = [...new Set(found.userIds)].filter((id) => id !== event.data.actorId);
  if (wanted.length === 0) return;
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organizationId, contract.organizationId)),
    )
    .where(inArray(users.id, wanted));
  const params = {
    signerName: event.data.actorName ?? '',
    reason:
      event.type === 'approval.approved'
        ? `approved${found.comment ? `: ${found.comment}` : ''}`
        : event.type === 'approval.rejected'
          ? `rejected: ${found.comment ?? ''}`
          : (event.data.reason ?? ''),
  };
  await db.transaction(async (tx) => {
    await notify(tx, {
      userIds: people.map((person) => person.id),
      contractId: contract.id,
      kind: found.notice.kind,
      message: found.notice.text,
      eventId: event.id,
      at: event.createdAt,
    });
    for (const person of people) {
      await queueMail(tx, {
        organizationId: contract.organizationId,
        contractId: contract.id,
        kind: found.notice.kind,
        to: { name: person.name, email: person.email },
        params,
        dedupeKey: `${found.notice.kind}:${event.id}:${person.id}`,
      });
    }
  });
}
