import { z } from 'zod';
import { renderMail } from '../mail-layout';
import type { ContractFacts } from './contract-facts';
import { defineMail } from './define-mail';

/** A comment's author and its first words, kept when it was written. */
const comment = { authorName: z.string(), excerpt: z.string() };
type CommentParams = { authorName: string; excerpt: string };

/** To a member mentioned in a comment: who wrote it and its first words. */
export const commentMention = defineMail({
  kind: 'comment_mention',
  params: z.object(comment),
  compose: (facts: ContractFacts & CommentParams) =>
    renderMail(facts, {
      subject: `${facts.authorName} mentioned you on "${facts.contractTitle}"`,
      lines: [
        `${facts.authorName} mentioned you in a comment on "${facts.contractTitle}":`,
        `"${facts.excerpt}"`,
        'Open the contract to read the thread and reply.',
      ],
      action: { label: 'Open the comment', url: facts.link },
    }),
});

/**
 * To a reviewer: the team answered in a thread they wrote in. No link (their review link is
 * theirs already); the title is the version sent to them.
 */
export const commentReply = defineMail({
  kind: 'comment_reply',
  params: z.object({ ...comment, reviewerId: z.string() }),
  compose: (facts: ContractFacts & CommentParams) =>
    renderMail(facts, {
      subject: `${facts.authorName} answered your comment on "${facts.contractTitle}"`,
      lines: [
        `${facts.authorName} of ${facts.organizationName} answered in a comment thread of yours on "${facts.contractTitle}":`,
        `"${facts.excerpt}"`,
        'Open your review link to read the thread and reply.',
      ],
    }),
});
