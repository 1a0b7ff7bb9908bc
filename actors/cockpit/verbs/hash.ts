/**
 * `cockpit --once hash [--redundancy 0..4] [--manifest] <path>`: the reference an upload of a local file returns,
 * hashed from disk without loading the file and without a node (issue 23 item 7: hash predicts what an upload
 * returns). The choices are the uploads' own (core/cockpit/upload-choices.ts):
 * - by default, the chunk-tree root at redundancy 0: Bee's POST /bytes with `swarm-redundancy-level: 0`, bee-js
 *   `MerkleTree.root`;
 * - `--redundancy L`: the tree erasure-coded at level L, as Bee's upload at that level builds it;
 * - `--manifest`: the file wrapped in a manifest as `upload-file` wraps it (POST /bzz, the base name, the
 *   Content-Type of its extension), so `hash --manifest --redundancy L` gives the very reference
 *   `upload-file --redundancy L` returns (and with `--manifest` alone, level 0).
 * Text output is `<reference>  <path>  <what was hashed>`; `--json` data carries the reference, the choices,
 * size, engine, threads and speed. An unreadable path is an error result (exit 2), not a crash.
 */
import { basename } from 'node:path';
import type { OnceData } from '../../../config-schema/once-results.js';
import { bytesToHex } from '../../../core/swarm/bytes.js';
import { contentTypeByExtension } from '../../../core/swarm/content-type.js';
import { InputError } from '../../../core/swarm/input-error.js';
import type { RedundancyLevel } from '../../../core/swarm/redundancy.js';
import { DEFAULT_HASH_REDUNDANCY, DEFAULT_UPLOAD_REDUNDANCY, takeUploadChoices } from '../../../core/cockpit/upload-choices.js';
import { HASH_FS_ERRORS } from '../../../core/cockpit/verb-text/hash.js';
import { hashFile, type HashFileOptions } from '../../hash/hash-file.js';
import { OnceError, OnceUsageError, type OnceResult, type OnceRun } from './verb.js';

export type HashData = OnceData<'hash'>;

export const details = `Gives the reference an upload of the file returns (no node needed), streamed from disk:
  (default)              POST /bytes at redundancy 0 (bee-js MerkleTree.root)
  --redundancy <0..4>    the tree erasure-coded at that level (Bee's swarm-redundancy-level)
  --manifest             the file wrapped in a manifest as upload-file wraps it (its base name, the
                         Content-Type of its extension): hash --manifest --redundancy ${DEFAULT_UPLOAD_REDUNDANCY} <path> is the
                         reference upload-file <path> returns (upload-file sends level ${DEFAULT_UPLOAD_REDUNDANCY} unless told)
What is hashed is what reading the path gives: pipes (cockpit --once hash /dev/stdin) and pseudo files such as
/proc/version, whose size stat reports wrongly, are read to their end.
Text: "<reference>  <path>  <what was hashed>". --json data: {reference, path, size, redundancyLevel, manifest,
fileReference, name, contentType (with --manifest), engine, threads, seconds, megabytesPerSecond}.`;

export const run: OnceRun = (args) => hashVerb(args);

/** The verb with hashing options (tests pin the thread count). */
export async function hashVerb(args: readonly string[], options: HashFileOptions = {}): Promise<OnceResult> {
  let parsed;
  try {
    parsed = takeUploadChoices(args, true);
  } catch (error) {
    if (error instanceof InputError) throw new OnceUsageError(error.message);
    throw error;
  }
  const { choices, rest } = parsed;
  if (rest.length !== 1 || rest[0] === '') throw new OnceUsageError(`hash takes exactly one <path> (and --redundancy, --manifest), got ${rest.length} arguments`);
  const path = rest[0]!;
  const level = choices.redundancy ?? DEFAULT_HASH_REDUNDANCY;
  const started = performance.now();
  try {
    const result = await hashFile(path, { ...options, redundancyLevel: level });
    const fileReference = bytesToHex(result.reference);
    const name = basename(path);
    const contentType = contentTypeByExtension(name);
    const reference = choices.manifest ? await manifestReference(result.reference, name, contentType, level) : fileReference;
    const seconds = (performance.now() - started) / 1000;
    const data: HashData = {
      reference,
      path,
      size: result.size,
      redundancyLevel: level,
      manifest: choices.manifest,
      ...(choices.manifest ? { fileReference, name, contentType } : {}),
      engine: result.engine,
      threads: result.threads,
      seconds: Number(seconds.toFixed(3)),
      megabytesPerSecond: seconds > 0 ? Number((result.size / 1e6 / seconds).toFixed(1)) : 0,
    };
    return { verb: 'hash', status: 'ok', data };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file-system refusal the words know is data; anything else keeps its own message.
    if (code && HASH_FS_ERRORS[code]) return { verb: 'hash', status: 'error', data: { path, code } };
    throw new OnceError({ code: 'file-unreadable', path, detail: error instanceof Error ? error.message : String(error) }, { path, code: code ?? null });
  }
}

/**
 * The reference of the manifest upload-file wraps the file in. The manifest code (mantaray) loads only for
 * --manifest: a plain `hash` starts without it (it cost the verb's start about 15 ms).
 */
async function manifestReference(fileRef: Uint8Array, filename: string, contentType: string, redundancyLevel: RedundancyLevel): Promise<string> {
  const [{ buildFileManifest }, { saveManifest }] = await Promise.all([import('../../../core/swarm/collection.js'), import('../../../core/swarm/manifest-hash.js')]);
  return bytesToHex(saveManifest(buildFileManifest({ fileRef, filename, contentType }), { redundancyLevel }));
}
