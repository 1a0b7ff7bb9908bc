/** `hash`: the reference, what was hashed, and which `hash` gives what `upload-file` returns. */
import type { OnceData } from '../../../config-schema/once-results.js';
import type { RedundancyLevel } from '../../swarm/redundancy.js';
import { showControlCharacters } from '../../terminal/visible-text.js';
import { formatCount } from '../format.js';
import { DEFAULT_HASH_REDUNDANCY, DEFAULT_UPLOAD_REDUNDANCY, redundancyText } from '../upload-choices.js';
import type { VerbTextOf } from './verb-text.js';

/** Why a path could not be hashed, by its file-system error code. */
export const HASH_FS_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a directory, not a file',
  ENOTDIR: 'a parent of it is not a directory',
};

/** An unreadable path: its file-system error code (one of HASH_FS_ERRORS). */
type Unreadable = { path: string; code: string; reference?: undefined };

export const verbText: VerbTextOf<OnceData<'hash'> | Unreadable> = (_status, data) => {
  // The path is the user's, but a file name may hold control characters too: shown, not obeyed.
  const shown = showControlCharacters(data.path);
  if (data.reference === undefined) return { message: `cannot hash ${shown}: ${HASH_FS_ERRORS[(data as Unreadable).code]}` };
  const hashed = data as OnceData<'hash'>;
  const level = hashed.redundancyLevel as RedundancyLevel;
  const what = hashed.manifest
    ? `in a manifest as upload-file --redundancy ${level} makes it (name ${showControlCharacters(hashed.name!)}, ${hashed.contentType}), ${redundancyText(level)}`
    : `raw bytes, no manifest (POST /bytes), ${redundancyText(level)}`;
  const hint = hashed.manifest || level !== DEFAULT_HASH_REDUNDANCY ? '' : `; upload-file wraps it in a manifest at redundancy ${DEFAULT_UPLOAD_REDUNDANCY}: hash --manifest --redundancy ${DEFAULT_UPLOAD_REDUNDANCY} gives that reference`;
  return {
    message: `${hashed.reference} is the Swarm reference of ${shown} (${formatCount(hashed.size)} bytes): ${what}${hint}`,
    text: `${hashed.reference}  ${shown}  ${hashed.manifest ? 'manifest' : 'raw bytes'}, ${redundancyText(level)}`,
  };
};
