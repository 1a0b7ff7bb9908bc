/** `durability-check`: retrievable or not, through which node. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatMs } from '../format.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'durability-check'>> = (_status, data) => {
  const pinned = data.pinned ? ', pinned on this node' : '';
  return data.retrievable
    ? { message: `${data.reference} is retrievable from the network (checked through ${data.node} in ${formatMs(data.elapsedMs)}${pinned})` }
    : { message: `${data.reference} is NOT retrievable from the network: some chunk is missing (checked through ${data.node}${pinned}; re-upload with PUT /stewardship or retcheck --reseed)` };
};
