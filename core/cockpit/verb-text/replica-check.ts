/** `replica-check`: the root's replicas as retcheck words them, through one node. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { replicaView } from '../../retcheck/replica-lines.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'replica-check'>> = (_status, { node, reference, replicas }) => {
  const view = replicaView(replicas)!;
  // The headline already says what a level read from the span means; other notes say why the level is what it is.
  const why = replicas.level_source === 'span' && replicas.checked ? '' : `; ${view.note}`;
  const message = `${reference}: root replicas ${view.headline} (checked through ${node}${why})`;
  return { message: replicas.missing_everywhere > 0 ? `${message}; retcheck --reseed --stamp <batch> re-creates them` : message };
};
