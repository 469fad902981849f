import { z } from 'zod';
import { nameSchema, passwordSchema, roleSchema } from './auth';
import { emailSchema, idSchema, timestampSchema } from './common';

export const teamMemberSchema = z
  .object({
    userId: idSchema,
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    joinedAt: timestampSchema.describe('When the person joined the organization'),
    avatarUrl: z.string().nullable().describe('A data: URL of the avatar image, or null'),
    you: z.boolean().describe('Whether this member is the signed-in user'),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const pendingInvitationSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    role: roleSchema,
    invitedBy: z.string().describe('The name of the person who sent it'),
    createdAt: timestampSchema,
    expiresAt: timestampSchema.describe('When its link stops working (7 days after it was made)'),
    expired: z.boolean().describe('Whether its link has stopped working; invite the person again'),
  })
  .meta({ id: 'PendingInvitation' });
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const teamSchema = z
  .object({
    members: z.array(teamMemberSchema),
    invitations: z.array(pendingInvitationSchema).describe('Neither accepted nor revoked, newest first'),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof teamSchema>;

export const inviteBodySchema = z.object({ email: emailSchema, role: roleSchema });
export type InviteInput = z.infer<typeof inviteBodySchema>;

export const changeRoleBodySchema = z.object({ role: roleSchema });
export type ChangeRoleInput = z.infer<typeof changeRoleBodySchema>;

export const memberParamsSchema = z.object({ userId: idSchema });

/** The token of an /invitations/{token} link: 256 random bits in base64url. */
export const invitationTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1, { error: 'The invitation link is missing its token' })
    .max(100, { error: 'This invitation link is not valid' }),
});

export const invitationStates = ['valid', 'expired', 'revoked', 'accepted'] as const;
export type InvitationState = (typeof invitationStates)[number];

export const invitationViewSchema = z
  .object({
    organizationName: z.string(),
    invitedBy: z.string().describe('The name of the person who sent it'),
    email: z.string().describe('The e-mail the invitation is for: only that account can accept it'),
    role: roleSchema,
    state: z.enum(invitationStates),
    expiresAt: timestampSchema,
  })
  .meta({ id: 'InvitationView' });
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** Creating the invited person's account from the invitation link (which proves the address). */
export const invitationSignUpBodySchema = z.object({
  token: invitationTokenParamsSchema.shape.token,
  name: nameSchema,
  password: passwordSchema,
});
