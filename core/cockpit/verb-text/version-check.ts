/** `version-check`: the node's API version against the expected one, or why /health could not be read. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { compareApiVersion, describeVersionComparison } from '../api-version.js';
import type { EndpointFailure } from '../health-snapshot.js';
import { describeUnreadableHealth } from '../unreadable-health.js';
import type { VerbTextOf } from './verb-text.js';

type Unread = { node: string; error: EndpointFailure; live?: undefined };

export const verbText: VerbTextOf<OnceData<'version-check'> | Unread> = (_status, data) => {
  if (data.live === undefined) return { message: describeUnreadableHealth(data.node, (data as Unread).error) };
  const { live } = data as OnceData<'version-check'>;
  return { message: `${data.node} (Bee ${live.version}): ${describeVersionComparison(compareApiVersion(live.apiVersion))}` };
};
