import { z } from 'zod';
import { outboxMessageSchema } from './signing';

export const outboxEntrySchema = outboxMessageSchema.extend({
  text: z.string().nullable().describe('The composed plain-text body, kept when no SMTP server is set'),
  html: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxListSchema = z.object({
  items: z.array(outboxEntrySchema),
  smtp: z.boolean().describe('true when mail goes to an SMTP server, false when it stays in this outbox'),
});
export type OutboxList = z.infer<typeof outboxListSchema>;
