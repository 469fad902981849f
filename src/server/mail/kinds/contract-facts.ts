import type { ContractHead } from '../../db/schema';
import type { MailFrame } from '../mail-layout';

/**
 * What every mail about a contract says: whose it is, its title, its sender and its page (read
 * when it is delivered: services/mail/facts/contract-facts.ts).
 */
export type ContractFacts = MailFrame & {
  contractTitle: string;
  senderName: string;
  /** The contract's page, the action of messages to the sender. */
  link: string;
  contract: ContractHead;
};
