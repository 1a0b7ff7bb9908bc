/**
 * S5 Warmup: the bootstrap checklist with a progress bar per item (rules: core/cockpit/rules/
 * warmup-checklist.ts), as one bars section plus a line saying how far the node is.
 */
import type { Fetched } from '../health-snapshot.js';
import { radiusSection } from '../radius-doctor-text.js';
import type { RadiusInputs, RadiusTrack } from '../radius-facts.js';
import { itemTone, warmupChecklist, type ChecklistItem, type WarmupFacts } from '../rules/warmup-checklist.js';
import type { ScreenContent } from '../view/screen-contract.js';
import { describeFailure, pollSubtitle } from './screen-text.js';

export interface WarmupPoll extends WarmupFacts {
  readonly takenAtMs: number;
  /** radius-doctor's facts (issue 29 item 3), read with the checklist; absent in polls from before it. */
  readonly radius?: RadiusInputs;
}

/** What to do while a step is short of its target (the first such step is the one named under the summary). */
const WARMUP_HINTS: Readonly<Record<ChecklistItem['id'], string>> = {
  ready: 'Wait: Bee answers ready once started; if it does not, the node log (Ctrl+L) says why',
  warmup: 'Nothing to do: Bee ends warm-up by itself',
  peers: 'If it stays short, check that Bee’s P2P port is reachable (S7 Network) and bootnodes are set',
  bins: 'Bee fills a bin as it finds peers in it; keep the P2P port reachable (S7 Network)',
  chain: 'Check the node’s blockchain RPC endpoint (S8 API Health shows the chain state)',
  batches: 'Wait: Bee is reading postage events from the chain',
  pullsync: 'Wait: pull-sync is filling the reserve from the neighbourhood',
  reserve: 'Wait: the reserve fills from the neighbourhood; if pull-sync stops short, check peers (S6)',
};

export function renderWarmup(poll: WarmupPoll | null, track: RadiusTrack | null = null, ring: RadiusTrack | null = null): ScreenContent {
  const base = { drill: null };
  if (poll === null) return { status: 'loading', subtitle: 'asking /readiness, /status, /topology, /chainstate, /reservestate', sections: [], ...base };
  const items = warmupChecklist(poll);
  const done = items.filter((i) => i.state === 'done' || i.state === 'notApplicable').length;
  // Steps that could not be read are named apart: the node is not known to be waiting on them.
  const waiting = items.filter((i) => i.state === 'progress' || i.state === 'waiting').map((i) => i.label);
  const unread = items.filter((i) => i.state === 'unknown').map((i) => i.label);
  const open = [waiting.length ? `waiting on: ${waiting.join(', ')}` : '', unread.length ? `not read: ${unread.join(', ')}` : ''].filter(Boolean).join('; ');
  const summary =
    done === items.length
      ? { text: 'Bootstrapped: every step is done.', tone: 'ok' as const }
      : { text: `${done} of ${items.length} steps done; ${open}`, tone: waiting.length ? ('info' as const) : ('muted' as const) };
  const next = items.find((i) => i.state === 'progress' || i.state === 'waiting');
  const hint = next ? { text: `${next.label}: ${next.text}. ${WARMUP_HINTS[next.id]}`, tone: 'muted' as const } : null;
  const sections = [
    { kind: 'text' as const, id: 'summary', title: null, lines: hint ? [summary, hint] : [summary] },
    {
      kind: 'bars' as const,
      id: 'checklist',
      title: 'Bootstrap checklist',
      bars: items.map((item) => ({ label: item.label, fraction: item.fraction, text: item.text, tone: itemTone(item.state) })),
    },
    radiusSection(poll.radius, track, ring),
  ];
  const parts: Fetched<unknown>[] = [poll.readiness, poll.status, poll.topology, poll.chainstate, poll.reservestate];
  const first = parts.find((p) => !p.ok);
  if (parts.every((p) => !p.ok) && first && !first.ok) return { status: 'error', subtitle: describeFailure('status', first.error), sections, ...base };
  return { status: 'ready', subtitle: pollSubtitle(poll.takenAtMs, null, null), sections, ...base };
}
