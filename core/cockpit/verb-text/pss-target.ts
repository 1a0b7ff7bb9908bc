/** `pss-target`: the target prefix (the text output alone, for scripts) and where it comes from. */
import type { OnceData } from '../../../config-schema/once-results.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'pss-target'>> = (_status, data) => {
  const covered = data.coversDepth ? '' : ` (only ${data.targetBits} of ${data.depth} bits: Bee allows 3-byte targets)`;
  return {
    message: `PSS target ${data.target} for ${data.node} (overlay ${data.overlay.slice(0, 8)}…, ${data.depthSource === 'storageRadius' ? 'storage radius' : 'Kademlia depth'} ${data.depth})${covered}; recipient ${data.pssPublicKey}`,
    text: data.target,
  };
};
