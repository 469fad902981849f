import { z } from 'zod';
import { recipientRoles } from '../recipients/roles';
import { emailSchema } from './common';

export const routeStates = [
  'done',
  'acting',
  'copied',
  'awaiting-signer',
  'awaiting-name',
  'later',
  'delegated',
  'declined',
] as const;

/**
 * A sent contract's route as a recipient's page draws it: the groups in order, each member's
 * role and where they stand. Names only: a recipient's page never shows another's address.
 */
export const routeSchema = z
  .object({
    sequential: z.boolean().describe('The groups go one after another; otherwise everyone at once'),
    current: z
      .int()
      .nullable()
      .describe('The order number of the group whose turn it is; null when none is left'),
    groups: z.array(
      z.object({
        order: z.int(),
        members: z.array(
          z.object({
            number: z.int().describe("The recipient's number on the contract"),
            name: z.string().describe('Empty while they are to be named'),
            role: z.enum(recipientRoles),
            state: z.enum(routeStates),
            witnessOf: z.int().nullable().describe("A witness's signer, by number"),
            namedBy: z.int().nullable().describe('Who names (or named) them, by number'),
            you: z.boolean().describe('The recipient reading the page'),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'Route' });
export type Route = z.infer<typeof routeSchema>;

/** A later recipient named by an earlier one, as they act. */
export const namedRecipientSchema = z.object({
  number: z.int().min(1).max(1000).describe('The number of the recipient to name'),
  name: z
    .string({ error: 'Enter the name of the person to name' })
    .trim()
    .min(1, { error: 'Enter the name of the person to name' })
    .max(200, { error: 'A name must be at most 200 characters' }),
  email: emailSchema,
});
export type NamedRecipient = z.infer<typeof namedRecipientSchema>;

export const namedRecipientsSchema = z
  .array(namedRecipientSchema)
  .max(50)
  .default([])
  .describe('The later recipients this one was asked to name (the `toName` of their signing page)');
