import type { Verification } from '../../shared/api/signing';
import type { RecipientRecord } from '../../shared/recipients/record';

type Verdict = Verification['verdict'];

const messages: Record<Verdict, string> = {
  verified: 'This document was sealed by Pactum and has not been changed since.',
  modified:
    'This document was sealed by Pactum, but it has been changed since: its seal no longer matches its content.',
  unknown:
    'Pactum cannot vouch for this document: it is not a sealed document from this Pactum, or it has been changed.',
};

/** What /verify answers about a PDF: the verdict, worded, with the seal and the contract it sealed. */
export function presentVerification(facts: {
  verdict: Verdict;
  sha256: string;
  seal: { intact: boolean; coversWholeDocument: boolean; subject: string; ours: boolean } | null;
  contract: Verification['contract'];
}): Verification {
  const { seal } = facts;
  return {
    verdict: facts.verdict,
    message: messages[facts.verdict],
    sha256: facts.sha256,
    seal: seal
      ? {
          intact: seal.intact,
          coversWholeDocument: seal.coversWholeDocument,
          signedBy: seal.subject,
          ours: seal.ours,
        }
      : null,
    contract: facts.contract,
  };
}

/**
 * The sealed contract a verified PDF is: its title, organization, completion and every recipient
 * with an address, as its certificate of completion lists them.
 */
export function presentSealedContract(
  row: { title: string; organization: string; completedAt: Date | null },
  recipients: readonly RecipientRecord[],
): NonNullable<Verification['contract']> {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    title: row.title,
    organization: row.organization,
    completedAt: iso(row.completedAt),
    parties: recipients.flatMap((party) =>
      party.email === null
        ? []
        : [
            {
              name: party.name,
              email: party.email,
              signedAt: party.outcome === 'signed' || party.outcome === 'witnessed' ? iso(party.at) : null,
              number: party.number,
              role: party.role,
              group: party.group,
              outcome: party.outcome,
              at: iso(party.at),
              witnessOf: party.witnessOf,
              reason: party.reason,
              namedBy: party.namedBy,
              delegatedTo: party.delegatedTo
                ? { ...party.delegatedTo, at: party.delegatedTo.at.toISOString() }
                : null,
              delegatedFrom: party.delegatedFrom,
              corrections: party.corrections.map((correction) => ({
                ...correction,
                at: correction.at.toISOString(),
              })),
            },
          ],
    ),
  };
}
