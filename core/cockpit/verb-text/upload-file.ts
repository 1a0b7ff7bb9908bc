/** `upload-file`: the reference, the script-friendly line, and the batch used with why. */
import type { OnceData } from '../../../config-schema/once-results.js';
import type { RedundancyLevel } from '../../swarm/redundancy.js';
import { showControlCharacters } from '../../terminal/visible-text.js';
import { formatCount } from '../format.js';
import { redundancyText } from '../upload-choices.js';
import type { VerbTextOf } from './verb-text.js';

/** `<reference>  <path>  manifest, redundancy N (NAME)`: the text output of both uploads. */
export function uploadLine(data: { reference?: string; path: string; redundancyLevel?: number }): string {
  return `${data.reference!}  ${showControlCharacters(data.path)}  manifest, ${redundancyText(data.redundancyLevel as RedundancyLevel)}`;
}

/** `; tag N tracks the push` when the node gave a tag. */
export const tagText = (tagUid: number | undefined): string => (tagUid === undefined ? '' : `; tag ${tagUid} tracks the push`);

export const verbText: VerbTextOf<OnceData<'upload-file'>> = (_status, data) => ({
  message: showControlCharacters(
    `${data.reference} is a manifest wrapping ${data.name} (${formatCount(data.bytes)} bytes, ${data.contentType}), ${redundancyText(data.redundancyLevel as RedundancyLevel)}, uploaded with ${data.batchReason}${tagText(data.tagUid)}`,
  ),
  text: uploadLine(data),
});
