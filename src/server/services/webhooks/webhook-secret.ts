import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../settings/secret-box';

const purpose = 'webhook-secret';

/** A Standard Webhooks key: whsec_ and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export const sealWebhookSecret = (secret: string, plain: string) => sealSecret(secret, purpose, plain);
export const openWebhookSecret = (secret: string, sealed: string) => openSecret(secret, purpose, sealed);
