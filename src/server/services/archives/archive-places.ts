import { AppError } from '../../../shared/errors';
import { contractArchiveLimits } from '../../../shared/limits';

/**
 * Who is being sent an archive now, in this process: one at a time per person and
 * `contractArchiveLimits.atOnce` together, so a person selecting again and again, or many at once,
 * never keeps the file store's readers from everyone else's downloads. A place is held until the
 * answer is finished or its connection closes. Per process: with several processes a person may
 * hold one in each.
 */
export class ArchivePlaces {
  private readonly holders = new Set<string>();

  constructor(private readonly atOnce: number = contractArchiveLimits.atOnce) {}

  /** Takes a place for `userId`, or refuses (429) while they or too many others hold one. */
  take(userId: string): () => void {
    if (this.holders.has(userId)) {
      throw new AppError(
        'RATE_LIMITED',
        'An archive of yours is still being downloaded: wait until it has finished, then ask again.',
        undefined,
        10,
      );
    }
    if (this.holders.size >= this.atOnce) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many archives are being downloaded right now. Try again in a minute.',
        undefined,
        60,
      );
    }
    this.holders.add(userId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders.delete(userId);
    };
  }
}
