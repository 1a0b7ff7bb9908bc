/**
 * A tmux suite's shared parts, set up once: the cockpit-tui bin compiled for it, a devnet of `nodes` nodes,
 * every home it makes (`home`: removed after the suite) and every terminal it opens (`start`: closed after each
 * test). Read `bin` and `devnet` inside tests only.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { cockpitHome, compileCockpitTui, startCockpitTui, type CockpitHome } from './cockpit-session.js';
import type { TmuxTerminal } from './tmux.js';

export interface TuiSuite {
  readonly bin: string;
  readonly devnet: StartedDevnet;
  /** A home whose config file holds `toml`. */
  home(toml: string): CockpitHome;
  /** cockpit-tui with this home and arguments in a tmux terminal of this size. */
  start(home: CockpitHome, args?: readonly string[], columns?: number, rows?: number): Promise<TmuxTerminal>;
}

/** `name`: the compiled bin's folder (compileCockpitTui). */
export function tuiSuite(options: { readonly name: string; readonly nodes: number }): TuiSuite {
  let bin: string | undefined;
  let devnet: StartedDevnet | undefined;
  const homes: CockpitHome[] = [];
  const open: TmuxTerminal[] = [];
  beforeAll(async () => {
    bin = compileCockpitTui(options.name);
    devnet = await startDevnet({ nodes: options.nodes, port: 0, mineBlocks: false, pushDelayMs: 0 });
  }, 180_000);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((terminal) => terminal.close()));
  });
  afterAll(async () => {
    await devnet?.stop();
    for (const home of homes) home.cleanup();
  });
  const started = <T>(part: T | undefined, what: string): T => {
    if (part === undefined) throw new Error(`${what} in beforeAll: read it inside a test`);
    return part;
  };
  return {
    get bin() {
      return started(bin, 'the bin is compiled');
    },
    get devnet() {
      return started(devnet, 'the devnet starts');
    },
    home(toml) {
      const made = cockpitHome(toml);
      homes.push(made);
      return made;
    },
    async start(home, args = [], columns, rows) {
      const terminal = await startCockpitTui(started(bin, 'the bin is compiled'), home, args, columns, rows);
      open.push(terminal);
      return terminal;
    },
  };
}
