/**
 * Coalesces wake-ups of some work: one run in flight and at most one pending. A burst of
 * wake-ups during a run (a hundred jobs queued at once, a NOTIFY per transaction) costs one
 * more run after it, not a hundred; a wake-up during a run is never lost, because the run
 * that follows starts after it.
 */
export class WakeUps {
  private running: Promise<void> | undefined;
  private pending = false;

  constructor(private readonly run: () => Promise<void>) {}

  wake(): void {
    if (this.running) {
      this.pending = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when no run is in flight or pending. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.pending = false;
      await this.run();
    } while (this.pending);
  }
}
