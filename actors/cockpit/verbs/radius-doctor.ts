/**
 * `--once radius-doctor [node-url]` (issue 29 item 3): why the storage radius and the committed depth are where
 * they are, and what to do. Reads /status, /reservestate, /status/peers, /status/neighborhoods and /topology
 * (actors/cockpit/radius-facts.ts); the diagnosis is core/cockpit/radius-doctor.ts.
 * `ok` (exit 0): nothing holds the radius (findings at most informational); `sad` (exit 1): a finding to act on
 * (under-filled reserve, slow pull sync, lonely neighbourhood, depth that disagrees, few peers near the depth);
 * `error` (exit 2 desktop, 1 terminal): /status could not be read. One reading cannot say when the radius last
 * changed: the data says unknown, with why. Run from the palette, the engine's trend ring says it when it holds the
 * node's radius history (core/cockpit/radius-ring.ts).
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { diagnoseRadius } from '../../../core/cockpit/radius-doctor.js';
import { radiusChangeFrom } from '../../../core/cockpit/radius-ring.js';
import { fetchRadiusInputs } from '../radius-facts.js';
import { connectNode, nodeFailure } from './node.js';
import type { OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node } = await connectNode('radius-doctor', args, context, { min: 0, max: 0, usage: '[node-url]' });
  let inputs = await fetchRadiusInputs(node.client, context.now ? { now: context.now } : {});
  const url = node.target.url;
  if (!inputs.status.ok) {
    // Nothing to diagnose without /status: ask it once more for the failure as every verb words it.
    await node.client.status().catch((error: unknown) => {
      throw nodeFailure(node, error, 'its status', '/status');
    });
    // It answered this time: read every input again (a diagnosis of what still fails says unknown).
    inputs = await fetchRadiusInputs(node.client, context.now ? { now: context.now } : {});
  }
  // From the palette the engine's trend ring knows when the radius last moved; a one-shot run has one reading.
  const diagnosis = diagnoseRadius(context.radiusHistory ? { ...inputs, change: radiusChangeFrom(context.radiusHistory, null, inputs.takenAtMs) } : inputs);
  const data: OnceData<'radius-doctor'> = { node: url, ...diagnosis, neighbourhoods: diagnosis.neighbourhoods === null ? null : [...diagnosis.neighbourhoods], nearDepthBins: diagnosis.nearDepthBins === null ? null : [...diagnosis.nearDepthBins], findings: [...diagnosis.findings], unread: [...diagnosis.unread] };
  const act = diagnosis.worst === 'warn' || diagnosis.worst === 'fail';
  return { verb: 'radius-doctor', status: act ? 'sad' : 'ok', data };
};

export const details = `Reads /status, /reservestate, /status/peers, /status/neighborhoods and /topology and says why the storage
radius and committed depth are where they are (Bee v2.8.1's reserve worker and salud rules, docs/cockpit.md):
reserve against half the capacity, pull-sync rate and time to half full, the neighbourhood's population,
connected peers near the depth, committed depth against the network's and the neighbourhood's.
Results: ok (exit 0) nothing holds the radius; sad (exit 1) a finding to act on; error (exit 2; cockpit-tui 1)
/status could not be read. Each finding carries its advice; a fact not read says unknown, with why.`;
