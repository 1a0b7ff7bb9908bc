/**
 * The choices that decide the reference an upload gets (issue 23 item 7), shared by `hash`, `upload-file` and
 * `upload-collection`, in the `--once` verbs and the palette (`:hash`, `:upload`) alike:
 * - `--redundancy 0..4`: Bee's `swarm-redundancy-level` (erasure coding of every intermediate chunk, and
 *   dispersed replicas of the roots). Uploads send it always, so what they state is what Bee did: default 1,
 *   MEDIUM, Bee's own default since v2.8.1. `hash` defaults to 0: the plain chunk-tree root, what bee-js
 *   `MerkleTree.root` and POST /bytes with level 0 give.
 * - `--manifest` (hash only): the reference of the file wrapped in a manifest exactly as `upload-file` wraps it
 *   (POST /bzz with the file's base name and the Content-Type of its extension).
 * Flags may come anywhere among the arguments, as `--redundancy 2` or `--redundancy=2`. Pure.
 */
import { InputError } from '../swarm/input-error.js';
import { REDUNDANCY_LEVEL_NAMES, type RedundancyLevel } from '../swarm/redundancy.js';

export const DEFAULT_UPLOAD_REDUNDANCY: RedundancyLevel = 1;
export const DEFAULT_HASH_REDUNDANCY: RedundancyLevel = 0;

export interface UploadChoices {
  /** Undefined when not given: the verb applies its default. */
  redundancy?: RedundancyLevel;
  manifest: boolean;
}

export function parseRedundancyLevel(text: string): RedundancyLevel {
  const trimmed = text.trim();
  if (!/^[0-4]$/.test(trimmed)) throw new InputError('--redundancy', text, 'a level 0..4 (0 NONE, 1 MEDIUM, 2 STRONG, 3 INSANE, 4 PARANOID)');
  return Number(trimmed) as RedundancyLevel;
}

/** Takes the upload flags out of `args`; `allowManifest` is false for the upload verbs (they always make one). */
export function takeUploadChoices(args: readonly string[], allowManifest: boolean): { choices: UploadChoices; rest: string[] } {
  const choices: UploadChoices = { manifest: false };
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--manifest') {
      if (!allowManifest) throw new InputError('option', arg, 'hash to take --manifest: an upload always wraps the data in a manifest');
      choices.manifest = true;
    } else if (arg === '--redundancy' || arg.startsWith('--redundancy=')) {
      const value = arg === '--redundancy' ? args[++i] : arg.slice('--redundancy='.length);
      if (value === undefined) throw new InputError('--redundancy', '', 'a level 0..4 after --redundancy');
      if (choices.redundancy !== undefined) throw new InputError('--redundancy', value, 'one --redundancy');
      choices.redundancy = parseRedundancyLevel(value);
    } else {
      rest.push(arg);
    }
  }
  return { choices, rest };
}

/** `redundancy 1 (MEDIUM)`. */
export function redundancyText(level: RedundancyLevel): string {
  return `redundancy ${level} (${REDUNDANCY_LEVEL_NAMES[level]})`;
}
