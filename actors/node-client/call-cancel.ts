/**
 * Cancellation plumbing of the transport, built for calls made by the thousand (the per-chunk walk makes one per
 * chunk and vantage, each a loopback round trip of well under a millisecond).
 *
 * - CallAbort is the signal each call hands to its wire. undici accepts an emitter with `aborted`/`reason` as a
 *   request signal; a minimal one costs a small fraction of an AbortController plus the listener undici hangs on
 *   it, which together cost as much client CPU as a tenth of the whole probe.
 * - DeadlineTimer keeps the per-call timeouts on a single timer armed for the earliest deadline, instead of a
 *   setTimeout and clearTimeout per call; one (SHARED_DEADLINES) serves every transport of the process. Once the
 *   last call settles the timer stays armed, unreferenced: a later call whose deadline comes after it arms nothing.
 *   A call still aborts at its own deadline, never earlier.
 * - CallerSignals forwards a caller's AbortSignal to every call made with it through one listener per signal
 *   while calls with it are in flight (callers share one signal among hundreds of calls), instead of adding and
 *   removing a listener per call.
 */
type AbortListener = () => void;

/**
 * The per-call abort signal, in the shape undici accepts (`on`/`once`/`removeListener` and `aborted`/`reason`)
 * and the other wires use. Not an EventEmitter: a call has one or two listeners and aborts at most once, and
 * an EventEmitter per call showed up in the walk's profile.
 */
export class CallAbort {
  aborted = false;
  reason: unknown = undefined;
  private listeners: AbortListener[] | undefined;

  on(_event: 'abort', listener: AbortListener): this {
    (this.listeners ??= []).push(listener);
    return this;
  }

  /** Aborting happens once, so every listener is a once-listener. */
  once(event: 'abort', listener: AbortListener): this {
    return this.on(event, listener);
  }

  removeListener(_event: 'abort', listener: AbortListener): this {
    const at = this.listeners?.indexOf(listener) ?? -1;
    if (at >= 0) this.listeners!.splice(at, 1);
    return this;
  }

  off(event: 'abort', listener: AbortListener): this {
    return this.removeListener(event, listener);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners;
    this.listeners = undefined;
    if (listeners) for (const listener of listeners) listener();
  }
}

export interface Deadline {
  /** performance.now() value at which the call times out. */
  readonly deadline: number;
  expire(): void;
}

export class DeadlineTimer {
  private readonly pending = new Set<Deadline>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private armedFor = Infinity;

  add(entry: Deadline): void {
    this.pending.add(entry);
    if (entry.deadline < this.armedFor) this.arm(entry.deadline);
    else if (this.pending.size === 1) this.timer?.ref();
  }

  delete(entry: Deadline): void {
    if (!this.pending.delete(entry) || this.pending.size > 0) return;
    // Nothing left to time: the timer stays armed (the next call most likely has a later deadline, so it needs
    // no timer of its own) but must not keep the process alive for nothing.
    this.timer?.unref();
  }

  private arm(deadline: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.armedFor = deadline;
    this.timer = setTimeout(() => this.fire(), Math.max(0, Math.ceil(deadline - performance.now())));
    if (this.pending.size === 0) this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = performance.now();
    let next = Infinity;
    for (const entry of this.pending) {
      if (entry.deadline <= now) {
        this.pending.delete(entry);
        entry.expire();
      } else if (entry.deadline < next) next = entry.deadline;
    }
    // A timer may fire a little before the deadline by this clock: re-arming then keeps "never earlier".
    if (next < Infinity && next < this.armedFor) this.arm(next);
  }
}

/**
 * The one deadline timer of the process: every transport's calls share it, so calls made one after another
 * (each a few hundred µs, each with a timeout of seconds) arm a timer about once per timeout, not once per call.
 */
export const SHARED_DEADLINES = new DeadlineTimer();

/**
 * Calls in flight per caller signal. The signal's one listener aborts them all; it is removed when the last call
 * settles, because Node keeps timeout and composite (AbortSignal.any) signals alive while they have listeners.
 */
interface SignalCalls {
  readonly calls: Set<CallAbort>;
  readonly onAbort: () => void;
}

const callsBySignal = new WeakMap<AbortSignal, SignalCalls>();

/** The signal seen last and its entry: callers make call after call with the same signal; a WeakMap lookup per call shows. */
let recent: { signal: AbortSignal; entry: SignalCalls } | undefined;

function entryOf(signal: AbortSignal): SignalCalls | undefined {
  if (recent?.signal === signal) return recent.entry;
  const entry = callsBySignal.get(signal);
  if (entry) recent = { signal, entry };
  return entry;
}

export const CallerSignals = {
  add(signal: AbortSignal, call: CallAbort): void {
    let entry = entryOf(signal);
    if (!entry) {
      const calls = new Set<CallAbort>();
      entry = { calls, onAbort: () => { for (const each of calls) each.abort(signal.reason); } };
      callsBySignal.set(signal, entry);
      recent = { signal, entry };
      signal.addEventListener('abort', entry.onAbort, { once: true });
    }
    entry.calls.add(call);
  },

  delete(signal: AbortSignal, call: CallAbort): void {
    const entry = entryOf(signal);
    if (!entry || !entry.calls.delete(call) || entry.calls.size > 0) return;
    signal.removeEventListener('abort', entry.onAbort);
    callsBySignal.delete(signal);
    // The cache holds the signal strongly: drop it with the entry, so nothing outlives the last call.
    if (recent?.signal === signal) recent = undefined;
  },
};
