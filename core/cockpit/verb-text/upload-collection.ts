/** `upload-collection`: the reference, the script-friendly line, what went in and what was skipped. */
import type { OnceData } from '../../../config-schema/once-results.js';
import type { RedundancyLevel } from '../../swarm/redundancy.js';
import { showControlCharacters } from '../../terminal/visible-text.js';
import { formatCount } from '../format.js';
import { redundancyText } from '../upload-choices.js';
import { uploadLine } from './upload-file.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'upload-collection'>> = (_status, data) => {
  const skipped = data.skipped.length ? `; skipped ${data.skipped.length}: ${data.skipped.join(', ')}` : '';
  return {
    message: showControlCharacters(
      `${data.reference} is a manifest of ${data.path}: ${formatCount(data.files)} files, ${formatCount(data.bytes)} bytes${data.indexDocument ? ', index index.html' : ''}, ${redundancyText(data.redundancyLevel as RedundancyLevel)}, uploaded with ${data.batchReason}${skipped}`,
    ),
    text: uploadLine(data),
  };
};
