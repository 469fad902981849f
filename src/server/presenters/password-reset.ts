import type { z } from 'zod';
import type { passwordResetCheckSchema } from '../../shared/api/auth';
import type { PasswordResetRow } from '../db/schema';

/**
 * What a password reset link's page is told before a new password is typed: until when it works,
 * and how many live API tokens the account made (offered for revoking with the reset).
 */
export function presentPasswordResetCheck(
  row: Pick<PasswordResetRow, 'expiresAt'>,
  apiTokens: number,
): z.infer<typeof passwordResetCheckSchema> {
  return { expiresAt: row.expiresAt.toISOString(), apiTokens };
}
