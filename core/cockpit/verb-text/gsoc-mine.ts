/** `gsoc-mine`: the mined SOC address and what to send with. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatCount } from '../format.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'gsoc-mine'>> = (_status, data) => ({
  message: `GSOC address ${data.socAddress} shares its first ${data.proximity} bits with ${data.overlay.slice(0, 8)}… (proximity ${data.proximity}, depth ${data.depth}; ${formatCount(data.tries)} tries): owner ${data.owner}, identifier ${data.identifier}, key ${data.privateKey}`,
  text: `${data.socAddress}  owner ${data.owner}  key ${data.privateKey}  identifier ${data.identifier}`,
});
