/**
 * In the headless modes (`cockpit --serve`, `--serve-metrics`) SIGTERM or SIGINT to the cockpit is what
 * closing the window is in the desktop: the supervised node is stopped as the state table says (SIGTERM
 * to its group, up to 5 s, SIGKILL), the final status is printed, then the cockpit exits.
 * A second signal while stopping is ignored with a note: the grace is already bounded.
 */
export interface StopOnSignalsOptions {
  /** Stops everything the mode runs; resolves with the final status line to print. */
  stop: () => Promise<string>;
  /** Where the final status goes (stderr in the headless modes). */
  print: (line: string) => void;
  /** Called once stopping is over, with the exit code (0; 1 when stopping itself failed). */
  exit: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
  target?: Pick<NodeJS.Process, 'on' | 'off'>;
}

export function stopOnSignals(options: StopOnSignalsOptions): () => void {
  const target = options.target ?? process;
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      options.print(`${signal} received again: already stopping the node (it is killed when its grace ends)`);
      return;
    }
    stopping = true;
    options.stop().then(
      (status) => {
        options.print(status);
        options.exit(0);
      },
      (error: unknown) => {
        options.print(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        options.exit(1);
      },
    );
  };
  for (const signal of signals) target.on(signal, onSignal);
  return () => {
    for (const signal of signals) target.off(signal, onSignal);
  };
}
