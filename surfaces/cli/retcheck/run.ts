/**
 * Runs one check for the CLI: binds the retcheck machine to the undici transport, follows its snapshots for
 * progress lines on stderr, prints the report on stdout and returns the exit code (spec §3 and §7).
 */
import { createActor, toPromise } from 'xstate';
import { provideRetcheck } from '../../../actors/retcheck/retcheck-actors.js';
import { createNodeRetcheckApi } from '../../../actors/retcheck/node-retcheck-api.js';
import { exitCodeForStatus, EXIT } from '../../../core/retcheck/status.js';
import { formatTextReport } from '../../../core/retcheck/text-report.js';
import { replicaReseedLine } from '../../../core/retcheck/replica-lines.js';
import { jsonForTerminal, showControlCharacters, terminalSafeOutput } from '../../../core/terminal/visible-text.js';
import { selectWalkProgress } from '../../../machines/retcheck/chunk-walk.machine.js';
import { createStderrLogger, formatCallRecord } from '../stderr-logger.js';
import { isEnabled } from '../../../core/log/level.js';
import type { RetcheckCliOptions } from './options.js';
import { pushRunResult } from '../../../actors/retcheck/pushgateway.js';
import type { ProbeOutcome } from '../../../core/retcheck/probe-metrics.js';
import type { RetcheckOutput } from '../../../machines/retcheck/retcheck.machine.js';
import { startInspectionOrRefuse } from '../inspect-option.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  color: boolean;
}

export async function runRetcheck(options: RetcheckCliOptions, io: CliIo): Promise<number> {
  const log = createStderrLogger(options.logLevel, 'retcheck', io.stderr);
  // Before anything is asked of a node: an inspector address that does not answer is refused first.
  const inspection = await startInspectionOrRefuse(options.inspect, (line) => io.stderr(`retcheck: ${showControlCharacters(line)}\n`), { shortRun: true });
  if (inspection === null) return EXIT.usage;
  inspection?.notes((note) => io.stderr(`retcheck: ${showControlCharacters(note.message)}\n`));
  // Formatting a line per call costs real time in a 1000-chunk walk; only pay for it when -vv shows it.
  const api = createNodeRetcheckApi(isEnabled(options.logLevel, 'debug') ? { onCall: (record) => log.debug(formatCallRecord(record)) } : {});
  const actor = createActor(provideRetcheck(api), { input: options.input, ...(inspection ? { inspect: inspection.inspect } : {}) });

  let lastPhase = '';
  actor.subscribe((snapshot) => {
    const phase = typeof snapshot.value === 'string' ? snapshot.value : '';
    if (phase === lastPhase) return;
    lastPhase = phase;
    log.info(`step: ${phase}`);
    const walk = snapshot.children.chunkWalk;
    // The walk's progress lives in the child's snapshots; follow them only when -v will print them.
    if (walk && isEnabled(options.logLevel, 'info')) {
      let lastLine = '';
      walk.subscribe((walkSnapshot) => {
        const { done, discovered } = selectWalkProgress(walkSnapshot);
        const line = `Probing chunks ${done}/${discovered}...`;
        if (line !== lastLine && (done % 50 === 0 || done === discovered)) {
          lastLine = line;
          log.info(line);
        }
      });
    }
  });

  const started = performance.now();
  try {
    actor.start();
    const output = await toPromise(actor);
    const code = printReport(output);
    if (!options.pushgateway) return code;
    // After the report: the check's outcome is on stdout whatever the push does.
    const outcome: ProbeOutcome = output.kind === 'report' ? { kind: 'report', report: output.report } : output;
    try {
      await pushRunResult(options.pushgateway, options.input.target, outcome, (performance.now() - started) / 1000);
      log.info(`pushed the result to ${options.pushgateway}`);
      return code;
    } catch (error) {
      io.stderr(`retcheck: pushgateway: ${showControlCharacters((error as Error).message)}\n`);
      return EXIT.pushFailed;
    }
  } finally {
    actor.stop();
    await api.close();
    await inspection?.stop();
  }

  function printReport(output: RetcheckOutput): number {
    if (output.kind === 'failed') {
      io.stderr(`retcheck: ${showControlCharacters(output.error)}\n`);
      return EXIT.notRetrievable;
    }
    const { report, reseed } = output;
    // The output layer: node text is escaped field by field in the formatter, and the whole block once more
    // here (only our own colour sequences survive), so nothing a node says can drive the terminal.
    if (options.output === 'json') io.stdout(`${jsonForTerminal(JSON.stringify(report, null, 2))}\n`);
    else {
      const text = formatTextReport(report, { color: io.color, ...(options.input.targetOverlay ? { targetOverlay: options.input.targetOverlay } : {}) }, reseed);
      io.stdout(terminalSafeOutput(text, { allowColor: io.color }));
    }
    if (reseed) {
      // The JSON report has no re-seed field (spec §2), so in JSON mode stderr carries the outcome and warnings;
      // text mode prints them in its re-seed block and only repeats a failure here.
      if (reseed.status !== 'OK') io.stderr(`retcheck: re-seed ${reseed.status}: ${showControlCharacters(reseed.error ?? '')}\n`);
      else if (options.output === 'json') io.stderr(`retcheck: re-seed OK (batch ${reseed.batch})\n`);
      if (options.output === 'json' && reseed.replicas) io.stderr(`retcheck: re-seed replicas: ${showControlCharacters(replicaReseedLine(reseed.replicas))}\n`);
      if (options.output === 'json') for (const warning of reseed.warnings) log.warn(warning);
      if (reseed.status !== 'OK') return EXIT.reseedRefused;
    }
    // The exit code follows the probe, which ran before any re-seed (spec §3: the status is the probe's).
    return exitCodeForStatus(report.status);
  }
}
