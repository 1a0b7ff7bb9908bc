/** `cid`: the CID and its reference; the text output is the one asked for (the CID, or the decoded reference). */
import type { OnceData } from '../../../config-schema/once-results.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'cid'>> = (_status, data) => ({
  message: `${data.cid} is the ${data.type} CID of ${data.reference}`,
  text: data.direction === 'encode' ? data.cid : data.reference,
});
