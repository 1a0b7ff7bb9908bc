/**
 * `cockpit-tui` without `--once`: the interactive terminal cockpit. The bin (surfaces/cli/cockpit-tui-bin.ts)
 * parses the command line once and imports this module only for interactive mode, so one-shot runs never
 * load React, Ink or the engine. Returns the exit code; only the bin sets it.
 *
 * Order matters for bad input: a terminal that cannot show the cockpit is refused first (no file read, no
 * node contacted), then the configuration is resolved (every problem reported as file:line:column), then the
 * engine starts and the face draws it until the engine says exit.
 *
 * Exit codes (the terminal sibling's, 2-cockpit.md §7): 0 after a normal quit; 1 when the face failed;
 * 2 for a usage error: no terminal, a bad flag combination or a bad config file or environment.
 */
import { homedir } from 'node:os';
import { resolveCockpitConfig } from '../../actors/cockpit/config-loader.js';
import { startCockpitEngine } from '../../actors/cockpit/engine.js';
import { CockpitStateStore, StateFileError } from '../../actors/cockpit/state-store.js';
import type { EnginePersistedState, EngineStateStore } from '../../core/cockpit/interaction/config.js';
import { CockpitConfigError } from '../../core/cockpit/config/config-problem.js';
import type { CockpitLaunchArgs } from '../../core/cockpit/config/resolved-config.js';
import { showControlCharacters } from '../../core/terminal/visible-text.js';
import { LOG_PANE_OPEN_ROWS } from '../../core/cockpit/interaction/config.js';
import { interactiveRefusal, runInteractive, type FaceTerminal } from './index.js';
import type { InspectTarget } from '../../core/inspection/inspect-flag.js';
import { startInspectionOrRefuse } from '../cli/inspect-option.js';

export const TUI_EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** From LOG_PANE_OPEN_ROWS rows on, the log pane opens at start below the screen, as bee-tui's does (`[ui] log_pane` decides otherwise). */
export function logPaneOpensIn(rows: number | undefined): boolean {
  return rows !== undefined && rows >= LOG_PANE_OPEN_ROWS;
}

export interface RunTuiOptions {
  readonly launch: CockpitLaunchArgs;
  readonly version: string;
  /** Default: the process's own streams. */
  readonly terminal?: FaceTerminal;
  readonly env?: NodeJS.ProcessEnv;
  /** `--inspect`: the engine's actor system goes to the inspector; where to look is said before the face starts and on the Cockpit tab. */
  readonly inspect?: InspectTarget;
}

export async function runTui(options: RunTuiOptions): Promise<number> {
  const terminal = options.terminal ?? process;
  const env = options.env ?? process.env;
  const complain = (message: string): void => {
    terminal.stderr.write(`cockpit-tui: ${message}\n`);
  };
  const refusal = interactiveRefusal(terminal);
  if (refusal !== null) {
    complain(refusal);
    return TUI_EXIT.usage;
  }
  let config;
  try {
    ({ config } = await resolveCockpitConfig({ args: options.launch, env, platform: process.platform, homedir: homedir(), frontEnd: 'terminal' }));
  } catch (error) {
    if (!(error instanceof CockpitConfigError)) throw error;
    // Config problems quote the file, which may hold anything: shown, never obeyed.
    complain(showControlCharacters(error.message).replace(/\\n/g, '\n  '));
    return TUI_EXIT.usage;
  }
  let stateStore;
  try {
    stateStore = engineStateStore(await CockpitStateStore.open(config.dataDir.path));
  } catch (error) {
    if (!(error instanceof StateFileError)) throw error;
    // Like a bad config file: the operator's environment, not the cockpit, must change.
    complain(showControlCharacters(error.message));
    return TUI_EXIT.usage;
  }
  // An inspector that does not answer is like a bad config file: the operator's environment must change.
  const inspection = await startInspectionOrRefuse(options.inspect, (line) => complain(showControlCharacters(line)));
  if (inspection === null) return TUI_EXIT.usage;
  const result = await runInteractive(
    async () =>
      startCockpitEngine({
        face: 'terminal',
        config,
        stateStore,
        app: { name: 'cockpit-tui', version: options.version },
        logPaneOpen: logPaneOpensIn(terminal.stdout.rows),
        ...(inspection ? { inspection } : {}),
      }),
    terminal,
  );
  if (result.error !== null) {
    complain(result.error.stack ?? result.error.message);
    return TUI_EXIT.failed;
  }
  return result.code;
}

/**
 * The data directory's state store as the engine takes it. The file's schema is stricter than the engine's
 * structural type (screens are exactly `S1`..`S15`, lists are mutable): a screen name the file cannot hold
 * is not written, lists are copied.
 */
function engineStateStore(store: CockpitStateStore): EngineStateStore {
  type FilePatch = Exclude<Parameters<CockpitStateStore['update']>[0], (state: never) => unknown>;
  return {
    get: () => store.get(),
    warnings: store.warnings,
    onProblem: (listener) => store.onProblem(listener),
    flush: () => store.flush(),
    watchHistory: store.watchHistory,
    update(patch: Partial<EnginePersistedState>) {
      const out: FilePatch = {};
      if (patch.logPaneHeight !== undefined) out.logPaneHeight = patch.logPaneHeight;
      if (patch.logFilter !== undefined) out.logFilter = patch.logFilter;
      if (patch.watchlist !== undefined) out.watchlist = patch.watchlist.map((entry) => ({ ...entry }));
      if (patch.lastScreen !== undefined && /^S(?:[1-9]|1[0-5])$/.test(patch.lastScreen)) out.lastScreen = patch.lastScreen as NonNullable<FilePatch['lastScreen']>;
      return store.update(out);
    },
  };
}
