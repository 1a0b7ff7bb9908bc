/**
 * Runs one check for the CLI: binds the retcheck machine to the undici transport, follows its snapshots for
 * progress lines on stderr, prints the report on stdout and returns the exit code (spec §3 and §7).
 */
import { createActor, toPromise } from 'xstate';
import { provideRetcheck } from '../../../actors/retcheck/retcheck-actors.js';
import { createNodeRetcheckApi } from '../../../actors/retcheck/node-retcheck-api.js';
import { exitCodeForStatus, EXIT } from '../../../core/retcheck/status.js';
import { formatTextReport } from '../../../core/retcheck/text-report.js';
import { selectWalkProgress } from '../../../machines/retcheck/chunk-walk.machine.js';
import { createStderrLogger, formatCallRecord } from '../stderr-logger.js';
import type { RetcheckCliOptions } from './options.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  color: boolean;
}

export async function runRetcheck(options: RetcheckCliOptions, io: CliIo): Promise<number> {
  const log = createStderrLogger(options.logLevel, 'retcheck', io.stderr);
  const api = createNodeRetcheckApi({ onCall: (record) => log.debug(formatCallRecord(record)) });
  const actor = createActor(provideRetcheck(api), { input: options.input });

  let lastPhase = '';
  let lastProgress = '';
  actor.subscribe((snapshot) => {
    const phase = typeof snapshot.value === 'string' ? snapshot.value : '';
    if (phase !== lastPhase) {
      lastPhase = phase;
      log.info(`step: ${phase}`);
    }
    const walk = snapshot.children.chunkWalk;
    if (walk) {
      const { done, discovered } = selectWalkProgress(walk.getSnapshot());
      const line = `Probing chunks ${done}/${discovered}...`;
      if (line !== lastProgress && done % 50 === 0) {
        lastProgress = line;
        log.info(line);
      }
    }
  });

  try {
    actor.start();
    const output = await toPromise(actor);
    if (output.kind === 'failed') {
      io.stderr(`retcheck: ${output.error}\n`);
      return EXIT.notRetrievable;
    }
    const { report, reseed } = output;
    if (options.output === 'json') io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else io.stdout(formatTextReport(report, { color: io.color }, reseed));
    if (reseed && reseed.status !== 'OK') {
      io.stderr(`retcheck: re-seed ${reseed.status}: ${reseed.error ?? ''}\n`);
      return EXIT.reseedRefused;
    }
    for (const warning of reseed?.warnings ?? []) log.warn(warning);
    return exitCodeForStatus(report.status);
  } finally {
    actor.stop();
    await api.close();
  }
}
