import type { Verification } from '../../shared/api/signing';

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

/** The sealed contract a verified PDF is: its title, organization, completion and parties. */
export function presentSealedContract(
  row: { title: string; organization: string; completedAt: Date | null },
  parties: Array<{ name: string; email: string; signedAt: Date | null }>,
): NonNullable<Verification['contract']> {
  return {
    title: row.title,
    organization: row.organization,
    completedAt: row.completedAt?.toISOString() ?? null,
    parties: parties.map((party) => ({
      name: party.name,
      email: party.email,
      signedAt: party.signedAt?.toISOString() ?? null,
    })),
  };
}
