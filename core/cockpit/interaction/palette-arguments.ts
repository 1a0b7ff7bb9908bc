/** Checks of palette verb arguments (arity, hex, ranges, upload choices): each throws a PaletteError saying what is wrong. */
import type { ProbeOptions } from '../probe-upload.js';
import { InputError } from '../../swarm/input-error.js';
import { parseBatchId, parseEthAddress, parseReference } from '../../swarm/references.js';
import { topicFromInput } from '../../swarm/topic.js';
import { MAX_BATCH_DEPTH, MIN_BATCH_DEPTH } from '../../swarm/stamp-math.js';
import { takeUploadChoices, type UploadChoices } from '../upload-choices.js';
import { PaletteError } from './palette-command.js';

/** The upload choices (--redundancy, --manifest) out of a palette line, as the --once verbs read them. */
export function paletteChoices(args: readonly string[], allowManifest: boolean, verb: string): { choices: UploadChoices; rest: string[] } {
  try {
    return takeUploadChoices(args, allowManifest);
  } catch (error) {
    if (error instanceof InputError) throw new PaletteError(`${verb}: ${error.message}`);
    throw error;
  }
}

export const choiceArgs = (choices: UploadChoices): string[] => [...(choices.redundancy === undefined ? [] : ['--redundancy', String(choices.redundancy)]), ...(choices.manifest ? ['--manifest'] : [])];

export function arity(args: readonly string[], min: number, max: number, usage: string): void {
  if (args.length < min || args.length > max) {
    const wanted = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    throw new PaletteError(`${usage}: takes ${wanted} argument${min === 1 && max === 1 ? '' : 's'}, got ${args.length}`);
  }
}

/** Runs a core parser and turns its InputError into a palette message. */
export function checked<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InputError) throw new PaletteError(error.message);
    throw error;
  }
}

export const reference = (text: string) => checked(() => parseReference(text).hex);
export const owner = (text: string) => checked(() => parseEthAddress(text, 'feed owner').hex);
export const feedTopic = (text: string) => checked(() => topicFromInput(text, 'feed topic').hex);
/** As typed when it is text (S13 shows the name it hashed), normalised when it is hex. */
export const feedTopicArg = (text: string) =>
  checked(() => {
    const topic = topicFromInput(text, 'feed topic');
    return topic.hashed ? text : topic.hex;
  });
export const batchId = (text: string) => checked(() => parseBatchId(text).hex);

export function batchPrefix(text: string): string {
  const clean = text.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{1,64}$/.test(clean)) throw new PaletteError(`invalid batch prefix ${JSON.stringify(text)}: expected 1 to 64 hex characters`);
  return clean;
}

export function integer(text: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new PaletteError(`invalid ${what} ${JSON.stringify(text)}: expected a whole number`);
  const value = Number(text);
  if (value < min || value > max) throw new PaletteError(`invalid ${what} ${text}: expected ${min} to ${max}`);
  return value;
}

/** A PLUR amount: a positive whole number of any size (kept as text; the preview does the bigint math). */
export function amount(text: string, what = 'amount'): string {
  if (!/^\d+$/.test(text) || /^0+$/.test(text)) throw new PaletteError(`invalid ${what} ${JSON.stringify(text)}: expected a positive whole number (PLUR per chunk)`);
  return text.replace(/^0+/, '');
}

export const depth = (text: string, what = 'depth') => String(integer(text, what, MIN_BATCH_DEPTH, MAX_BATCH_DEPTH));

/** Parsed probe flags back as arguments, every value normalised (the verb parses them again). */
export function probeArgsOf(options: ProbeOptions): string[] {
  return ['--size', String(options.size), '--deadline', String(options.deadlineMs / 1000), ...(options.batchPrefix === undefined ? [] : ['--batch', options.batchPrefix])];
}
