/**
 * How the simulated chain learns that time passed. The chain never reads a clock itself:
 * production devnets hand it a timer-backed scheduler, tests drive blocks with SimChain.advance(n).
 */
export interface BlockScheduler {
  /** Calls `tick` every `intervalMs` until the returned function is called. */
  every(intervalMs: number, tick: () => void): () => void;
}

/** Real time: one tick per interval; the timer is unref'd so an idle devnet never keeps Node alive. */
export const timerScheduler: BlockScheduler = {
  every(intervalMs, tick) {
    const handle = setInterval(tick, intervalMs);
    handle.unref();
    return () => clearInterval(handle);
  },
};

/**
 * A scheduler that only ticks when told to: `fire(n)` runs the registered callbacks n times.
 * Lets a test exercise the same start/stop wiring as production without waiting.
 */
export class ManualScheduler implements BlockScheduler {
  private readonly ticks = new Set<() => void>();

  every(_intervalMs: number, tick: () => void): () => void {
    this.ticks.add(tick);
    return () => this.ticks.delete(tick);
  }

  fire(times = 1): void {
    for (let i = 0; i < times; i++) for (const tick of [...this.ticks]) tick();
  }

  get active(): number {
    return this.ticks.size;
  }
}
