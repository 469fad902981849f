import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

export const historyActions = [
  'created',
  'updated',
  'created_from_template',
  'sent',
  'viewed',
  'signed',
  'declined',
  'reminded',
  'canceled',
  'expired',
  'completed',
  'sealed',
  'signed_copy_sent',
  'mail_failed',
  'access_code_entered',
  'email_code_sent',
  'email_code_confirmed',
  'signer_locked',
  'version_restored',
  'file_added',
  'file_removed',
  'review_sent',
  'suggestions_made',
  'suggestions_decided',
  'approval_requested',
  'approval_approved',
  'approval_rejected',
  'approval_withdrawn',
  'turn_reached',
  'approved',
  'rejected',
  'witnessed',
  'recipient_named',
  'delegated',
  'recipient_corrected',
  'recipient_added',
  'recipient_removed',
  'link_copied',
  'terms_changed',
  'deadline_reminded',
  'renewed',
] as const;
export const historyActionSchema = z.enum(historyActions);
export type HistoryAction = z.infer<typeof historyActionSchema>;

export const historyEntrySchema = z
  .object({
    id: idSchema,
    seq: z.int(),
    timestamp: timestampSchema,
    action: historyActionSchema,
    userId: idSchema.nullable(),
    userName: z.string(),
    details: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    prevHash: z.string(),
    hash: z.string(),
  })
  .meta({ id: 'HistoryEntry' });
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyListSchema = z.object({ items: z.array(historyEntrySchema) });

export const chainVerificationSchema = z
  .object({
    intact: z.boolean(),
    entries: z.int(),
    brokenAtSeq: z.int().nullable().describe('The first entry whose hash does not match, if any'),
  })
  .meta({ id: 'ChainVerification' });
export type ChainVerification = z.infer<typeof chainVerificationSchema>;
