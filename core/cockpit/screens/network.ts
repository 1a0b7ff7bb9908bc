/**
 * S7 Network (2-cockpit.md §1): identity (overlay, Ethereum address, public key, PSS public key from
 * `/addresses`), reachability Public / Private (rules/reachability.ts, from `/topology`'s reachability and
 * network availability) and the underlay addresses (rules/underlay.ts). The two endpoints fail independently.
 */
import type { RadiusInputs, RadiusTrack } from '../radius-facts.js';
import { judgeReachability } from '../rules/reachability.js';
import { radiusSection } from '../radius-doctor-text.js';
import { describeScope, parseUnderlay, type UnderlayScope } from '../rules/underlay.js';
import { oneLine, shortHex } from '../text.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { Section, Tone } from '../view/view-model.js';
import { cell, clockTime, failureLine, type Fetched } from './common.js';

export interface IdentityFacts {
  readonly overlay: string;
  /** `chain_address`, else the deprecated `ethereum`; null when the node reports neither. */
  readonly ethereum: string | null;
  readonly publicKey: string;
  readonly pssPublicKey: string;
  readonly underlay: readonly string[];
}

export interface ReachabilityFacts {
  readonly reachability?: string;
  readonly networkAvailability?: string;
}

/** One poll of S7: both answers (or why not), and when it started. */
export interface NetworkFacts {
  readonly takenAtMs: number;
  readonly addresses: Fetched<IdentityFacts>;
  readonly topology: Fetched<ReachabilityFacts>;
  /** radius-doctor's facts (issue 29 item 3); absent in polls from before it. */
  readonly radius?: RadiusInputs;
}

export interface NetworkScreenInput {
  /** null before the first poll finished. */
  readonly addresses: Fetched<IdentityFacts> | null;
  readonly topology: Fetched<ReachabilityFacts> | null;
  readonly polledAtMs: number | null;
  /** radius-doctor's facts of the latest poll and the screen's radius track (issue 29 item 3). */
  readonly radius?: RadiusInputs;
  readonly radiusTrack?: RadiusTrack | null;
  /** The active node's radius history from the engine's trend ring (core/cockpit/radius-ring.ts), when it has one. */
  readonly radiusRing?: RadiusTrack | null;
}

const SCOPE_TONE: Readonly<Record<UnderlayScope, Tone>> = { public: 'ok', dns: 'ok', private: 'muted', loopback: 'muted', unknown: 'warn' };

export function renderNetwork(input: NetworkScreenInput): ScreenContent {
  const { addresses, topology } = input;
  if (addresses === null || topology === null) return { status: 'loading', subtitle: null, sections: [], drill: null };
  const sections: Section[] = [];
  const problems: string[] = [];

  if (addresses.ok) {
    const a = addresses.value;
    const full = (label: string, value: string | null) => ({ label, value: value === null ? 'not reported' : shortHex(value), ...(value ? { full: value } : {}) });
    sections.push({
      kind: 'facts',
      id: 'identity',
      title: 'Identity',
      rows: [full('overlay', a.overlay), full('ethereum address', a.ethereum), full('public key', a.publicKey), full('PSS public key', a.pssPublicKey)],
    });
  } else {
    problems.push(failureLine('/addresses', addresses.error));
    sections.push({ kind: 'facts', id: 'identity', title: 'Identity', rows: [{ label: 'identity', value: `unknown: ${failureLine('/addresses', addresses.error)}`, tone: 'muted' }] });
  }

  if (topology.ok) {
    const verdict = judgeReachability(topology.value.reachability, topology.value.networkAvailability);
    sections.push({
      kind: 'facts',
      id: 'reachability',
      title: 'Reachability',
      rows: [
        {
          label: 'reachability',
          value: verdict.reachability,
          tone: verdict.tone,
          ...reachabilityHint(verdict),
        },
        { label: 'why', value: verdict.reason },
        { label: 'network', value: oneLine(topology.value.networkAvailability ?? 'not reported', 40) },
      ],
    });
  } else {
    problems.push(failureLine('/topology', topology.error));
    sections.push({ kind: 'facts', id: 'reachability', title: 'Reachability', rows: [{ label: 'reachability', value: `unknown: ${failureLine('/topology', topology.error)}`, tone: 'muted' }] });
  }

  const underlays = addresses.ok ? addresses.value.underlay.map(parseUnderlay) : [];
  const dialable = underlays.some((u) => u.scope === 'public' || u.scope === 'dns');
  sections.push({
    kind: 'table',
    id: 'underlays',
    title: 'Underlay addresses',
    columns: [
      { id: 'address', label: 'Address', align: 'left', priority: 1, kind: 'address' },
      { id: 'transport', label: 'Transport', align: 'left', priority: 2, kind: 'label' },
      { id: 'scope', label: 'Scope', align: 'left', priority: 3, kind: 'text' },
    ],
    rows: underlays.map((u, i) => {
      const shown = u.peerId && u.peerId.length > 16 ? u.address.replace(u.peerId, `${u.peerId.slice(0, 6)}…${u.peerId.slice(-4)}`) : u.address;
      return { key: `${i}:${u.address}`, cells: [cell(oneLine(shown, 120), undefined, u.address), cell(u.transport), cell(describeScope(u.scope), SCOPE_TONE[u.scope])] };
    }),
    selectable: false,
    emptyText: addresses.ok ? 'no underlay addresses: the node has not started its P2P listener yet' : `not read: ${failureLine('/addresses', addresses.error)}`,
  });
  if (addresses.ok && underlays.length > 0 && !dialable) {
    sections.push({ kind: 'text', id: 'advice', title: null, lines: [{ text: 'no public underlay: peers elsewhere can reach this node only through --nat-addr', tone: 'warn' }] });
  }

  sections.push(radiusSection(input.radius, input.radiusTrack ?? null, input.radiusRing ?? null));
  const status = !addresses.ok && !topology.ok ? 'error' : 'ready';
  const polled = input.polledAtMs === null ? null : `polled at ${clockTime(input.polledAtMs)}`;
  const subtitle = problems.length ? [problems.join('; '), polled].filter(Boolean).join(' · ') : polled;
  return { status, subtitle, sections, drill: null };
}

/** What to do about a node peers cannot dial (out of range: Private by AutoNAT, or no network), or nothing. */
function reachabilityHint(verdict: { readonly tone: Tone; readonly reason: string }): { hint?: { text: string; tone: Tone } } {
  if (verdict.reason.startsWith('AutoNAT: behind NAT')) return { hint: { text: 'open Bee’s P2P port (1634 by default) to inbound connections, or announce a reachable address with --nat-addr', tone: verdict.tone } };
  if (verdict.reason.startsWith('network unavailable')) return { hint: { text: 'check the host’s network and Bee’s bootnodes; the node log (Ctrl+L) says what it dialled', tone: verdict.tone } };
  if (verdict.reason.startsWith('AutoNAT has not decided')) return { hint: { text: 'AutoNAT decides within minutes of start; if it stays undecided, check the P2P port', tone: 'muted' } };
  return {};
}
