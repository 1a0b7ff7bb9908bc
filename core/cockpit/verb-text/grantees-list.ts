/** `grantees-list`: one public key a line, then how many; or that this node cannot read the list. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatCount } from '../format.js';
import { plural, type VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'grantees-list'>> = (status, data) => {
  const list = data.reference.slice(0, 16);
  if (status === 'sad') return { message: `${data.node} has no grantee list ${list}… it can read (404): only the node that published a list can list it` };
  const summary = `grantee list ${list}…: ${formatCount(data.count)} ${plural(data.count, 'grantee')}`;
  return { message: summary, text: [...data.grantees, summary].join('\n') };
};
