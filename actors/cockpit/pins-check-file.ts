/**
 * The terminal's `:pins-check` verb (2-cockpit.md §4 "background pin check streamed to a file"): reads
 * `GET /pins/check` line by line and appends each line to a JSONL file as it arrives, so a check of a large
 * node that is stopped or fails half way leaves everything it learned on disk. The last line is a summary
 * `{"summary":{…}}`. The file is created new (never overwrites an existing one).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { groupDigits } from '../../core/cockpit/format.js';
import { errorLine } from '../../core/cockpit/text.js';
import type { NodeEndpoints, PinCheck } from '../node-client/index.js';
import { pinCheckFailure } from './screens/pins.js';

export interface PinCheckFileSummary {
  readonly file: string;
  readonly pins: number;
  readonly damaged: number;
  readonly missingChunks: number;
  readonly invalidChunks: number;
  /** Why the check stopped early, or null when the node listed every pin. */
  readonly error: string | null;
}

export interface PinCheckFileOptions {
  readonly signal?: AbortSignal;
  /** Called after each line is written (progress for the banner). */
  readonly onLine?: (line: PinCheck, written: number) => void;
}

/** `pins-check-2026-11-24T14-03-12.jsonl`: a name that sorts by time and is valid on every OS. */
export function pinCheckFileName(now: Date): string {
  return `pins-check-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.jsonl`;
}

export async function streamPinCheckToFile(client: Pick<NodeEndpoints, 'pinsCheck'>, file: string, options: PinCheckFileOptions = {}): Promise<PinCheckFileSummary> {
  const out = createWriteStream(file, { flags: 'wx' });
  await once(out, 'open');
  let pins = 0;
  let damaged = 0;
  let missingChunks = 0;
  let invalidChunks = 0;
  let error: string | null = null;
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    for await (const line of client.pinsCheck({ timeoutMs: 0, ...(options.signal ? { signal: options.signal } : {}) })) {
      await write(`${JSON.stringify(line)}\n`);
      pins++;
      missingChunks += line.missing;
      invalidChunks += line.invalid;
      if (line.missing + line.invalid > 0) damaged++;
      options.onLine?.(line, pins);
    }
  } catch (caught) {
    error = options.signal?.aborted ? 'stopped' : pinCheckFailure(caught);
  }
  const summary: PinCheckFileSummary = { file, pins, damaged, missingChunks, invalidChunks, error };
  const { file: _file, ...onDisk } = summary;
  await write(`${JSON.stringify({ summary: onDisk })}\n`);
  out.end();
  await once(out, 'finish');
  return summary;
}

export interface PinsCheckVerbOptions {
  /** Where the file goes: the cockpit's data directory (COCKPIT_DATA), else the system temp directory. */
  readonly directory: string;
  readonly signal?: AbortSignal;
  readonly now?: () => Date;
}

/**
 * `:pins-check` as a one-shot verb (the engine's `runVerb` binds it): streams the check of every pin to a new
 * file in `directory` and answers the banner line, `ok` false when a pin is damaged or the check stopped.
 */
export async function runPinsCheckVerb(client: Pick<NodeEndpoints, 'pinsCheck'>, options: PinsCheckVerbOptions): Promise<{ ok: boolean; text: string }> {
  const file = join(options.directory, pinCheckFileName((options.now ?? (() => new Date()))()));
  let summary: PinCheckFileSummary;
  try {
    // The data directory exists only once the cockpit saved its state; a first run's check must not fail on it.
    await mkdir(options.directory, { recursive: true, mode: 0o700 });
    summary = await streamPinCheckToFile(client, file, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    return { ok: false, text: `pins-check: cannot write ${file}: ${errorLine(error)}` };
  }
  const counts = `${groupDigits(summary.pins)} pin${summary.pins === 1 ? '' : 's'}, ${groupDigits(summary.damaged)} damaged`;
  if (summary.error) return { ok: false, text: `pins-check stopped after ${counts}: ${summary.error} → ${file}` };
  return { ok: summary.damaged === 0, text: `pins-check: ${counts} → ${file}` };
}
