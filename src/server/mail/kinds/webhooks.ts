import { z } from 'zod';
import { type MailFrame, renderMail } from '../mail-layout';
import { defineMail } from './define-mail';

/** To every admin: a webhook endpoint was turned off; its URL and the reason were kept when it happened. */
export const webhookDisabled = defineMail({
  kind: 'webhook_disabled',
  params: z.object({ url: z.string(), reason: z.string() }),
  compose: (facts: MailFrame & { link: string; url: string; reason: string }) =>
    renderMail(facts, {
      subject: 'A webhook endpoint was turned off',
      lines: [
        `Pactum stopped sending events to ${facts.url} of ${facts.organizationName}: it kept failing.`,
        facts.reason,
        'Check the receiver, then turn the endpoint back on in Settings, Developers, Webhooks; its deliveries list shows each attempt and can resend them.',
      ],
      action: { label: 'Open the webhook settings', url: facts.link },
    }),
});
