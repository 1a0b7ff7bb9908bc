/**
 * `:stop` and `:start` (issue 29 item 2): what the operator's verb does to the supervised node, decided from the
 * supervisor's snapshot. `:stop` is the supervisor's own stop (the drain first, with `drain_secs`, then SIGTERM),
 * while the cockpit keeps running, so the faces show the `draining (…)` chip and then `stopped`. A second `:stop`
 * during a drain stops at once, as a second stop does. The verb's stop is the operator's (`by: 'operator'`): the
 * supervisor rests in `stoppedByOperator`, and `:start` runs the node again there, as after an exit, a kill, a
 * spent restart budget or a refused start, as often as the operator likes. Only the cockpit's own end (window
 * closed, `:quit`, SIGTERM) ends supervision (`stopped`, final).
 */
import type { SupervisorEvent } from './supervisor.contracts.js';
import { selectSupervisorState, type SupervisorSnapshotLike } from './supervisor.view.js';

export type SupervisorVerb = 'stop' | 'start';

export interface SupervisorVerbEffect {
  readonly send: Extract<SupervisorEvent, { type: 'supervisor.stop' | 'supervisor.start' }> | null;
  readonly banner: { readonly text: string; readonly tone: 'ok' | 'fail' };
}

export const NO_NODE_TEXT = 'this cockpit does not run a node (it runs one with --node-bin and --node-config, or [store])';

/**
 * What the root machine sends (its `supervisorVerb` action): the supervisor's event, if any, then the banner.
 * `snapshot` is read from the root's `self`, which a graph walk gives no children: read as a supervisor gone.
 */
export function supervisorVerbSends(effect: SupervisorVerbEffect): ReadonlyArray<readonly ['supervisor', NonNullable<SupervisorVerbEffect['send']>] | readonly ['session', { type: 'banner.show'; text: string; tone: 'ok' | 'fail' }]> {
  const banner = ['session', { type: 'banner.show', ...effect.banner }] as const;
  return effect.send ? [['supervisor', effect.send] as const, banner] : [banner];
}

/** `snapshot` is undefined once the supervisor actor has ended (after a stop). */
export function supervisorVerbEffect(verb: SupervisorVerb, runsTheNode: boolean, snapshot: unknown): SupervisorVerbEffect {
  if (!runsTheNode) return { send: null, banner: { text: `:${verb}: ${NO_NODE_TEXT}`, tone: 'fail' } };
  const supervised = snapshot as (SupervisorSnapshotLike & { status?: string }) | undefined;
  // A supervisor actor that is gone, done or failed supervises nothing any more: read as stopped.
  const ended = supervised === undefined || (supervised.status !== undefined && supervised.status !== 'active') || typeof supervised.matches !== 'function';
  const state = ended ? 'stopped' : selectSupervisorState(supervised);
  const fail = (text: string): SupervisorVerbEffect => ({ send: null, banner: { text, tone: 'fail' } });
  if (verb === 'stop') {
    if (state === 'stopped' || state === 'stoppedByOperator') return fail(':stop: the node is already stopped');
    if (state === 'stopping' || state === 'killing') return fail(`:stop: the node is already being stopped (${state})`);
    const drainSecs = Math.round((supervised?.context.settings.drainMs ?? 0) / 1000);
    const text =
      state === 'draining'
        ? 'stopping the node now, without waiting for the drain'
        : state === 'running' && drainSecs > 0
          ? `stopping the node: first waiting while it commits or reveals (up to ${drainSecs} s, drain_secs)`
          : 'stopping the node';
    return { send: { type: 'supervisor.stop', by: 'operator' }, banner: { text, tone: 'ok' } };
  }
  if (state === 'stoppedByOperator') return { send: { type: 'supervisor.start' }, banner: { text: 'starting the node again (it was stopped with :stop)', tone: 'ok' } };
  if (state === 'exited' || state === 'killed' || state === 'gaveUp' || state === 'refused') return { send: { type: 'supervisor.start' }, banner: { text: `starting the node again (it was ${state})`, tone: 'ok' } };
  // Only while the cockpit itself ends (its supervisor is done): nothing is left to start.
  if (state === 'stopped') return fail(':start: the cockpit is ending and its supervision of the node has ended');
  return fail(`:start: the node is not stopped (${state})`);
}
