/**
 * S3 Swap: the chequebook (address, total and available balance), the last cheques in and out per peer,
 * SWAP settlements and time settlements (pseudosettle), as a typed model and its rendering. Each part
 * comes from its own endpoint and fails on its own: a node with swap off still shows its time settlements.
 *
 * Meanings (Bee v2.8.1): a cheque's `payout` is CUMULATIVE, the total ever promised to that beneficiary by
 * that chequebook, so the last cheque is also the running total. The chequebook's `totalBalance` is its
 * token balance on chain; `availableBalance` is that minus what sent cheques promise and peers have not
 * cashed yet, so total − available is owed to peers. Settlements are what cheques paid per peer (SWAP);
 * time settlements are the free, time-based allowance peers refresh (pseudosettle).
 */
import { bzzUnitFor, formatBzzIn, formatBzzSet, pairedBzzUnits, shortId, type BzzUnit } from '../format.js';
import type { Fetched } from '../health-snapshot.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { FactsSection, Section, TableSection, TextSection } from '../view/view-model.js';
import { describeFailure, pollSubtitle } from './screen-text.js';

export interface Cheque {
  readonly beneficiary: string;
  readonly chequebook: string;
  /** Cumulative PLUR, decimal string. */
  readonly payout: string | null;
}

export interface PeerChequesFacts {
  readonly peer: string;
  readonly lastreceived?: Cheque | null | undefined;
  readonly lastsent?: Cheque | null | undefined;
}

export interface SettlementsFacts {
  readonly totalReceived: string | null;
  readonly totalSent: string | null;
  readonly settlements: readonly { readonly peer: string; readonly received: string | null; readonly sent: string | null }[];
}

export interface SwapPoll {
  readonly takenAtMs: number;
  readonly node: Fetched<{ readonly beeMode: string; readonly swapEnabled: boolean; readonly chequebookEnabled: boolean }>;
  readonly chequebookAddress: Fetched<string>;
  readonly chequebookBalance: Fetched<{ readonly totalBalance: string | null; readonly availableBalance: string | null }>;
  readonly cheques: Fetched<readonly PeerChequesFacts[]>;
  readonly settlements: Fetched<SettlementsFacts>;
  readonly timesettlements: Fetched<SettlementsFacts>;
}

const SWAP_REFUSALS = {
  403: 'swap is disabled on this node (--swap-enable=false)',
  405: 'no chequebook: the node runs without a chain backend or swap',
} as const;

const ZERO_ADDRESS = /^(0x)?0{40}$/i;
const big = (value: string | null | undefined): bigint => BigInt(value ?? '0');

function chequebookSection(poll: SwapPoll): FactsSection {
  const rows: FactsSection['rows'][number][] = [];
  if (!poll.chequebookAddress.ok) rows.push({ label: 'Address', value: describeFailure('chequebook/address', poll.chequebookAddress.error, SWAP_REFUSALS), tone: 'muted' });
  else if (ZERO_ADDRESS.test(poll.chequebookAddress.value)) rows.push({ label: 'Address', value: 'none deployed (zero address)', tone: 'muted' });
  else rows.push({ label: 'Address', value: poll.chequebookAddress.value, full: poll.chequebookAddress.value });
  if (!poll.chequebookBalance.ok) {
    rows.push({ label: 'Balance', value: describeFailure('chequebook/balance', poll.chequebookBalance.error, SWAP_REFUSALS), tone: 'muted' });
  } else {
    const total = big(poll.chequebookBalance.value.totalBalance);
    const available = big(poll.chequebookBalance.value.availableBalance);
    const owed = total - available;
    // The three in one unit and to the same digits: what is shown adds up (total = available + owed).
    const [totalText, availableText, owedText] = formatBzzSet([total, available, owed > 0n ? owed : 0n]);
    rows.push({ label: 'Total balance', value: totalText! });
    // Out of range: nothing available (fail), or under a tenth of the total (warn): say what to do under it.
    const low = total > 0n && available * 10n < total;
    const hint =
      available <= 0n
        ? { text: 'nothing left to pay peers with: deposit to the chequebook (POST /chequebook/deposit; the cockpit sends nothing)', tone: 'fail' as const }
        : low
          ? { text: 'under 10 % of the total is available: deposit to the chequebook (POST /chequebook/deposit) before peers go unpaid', tone: 'warn' as const }
          : null;
    rows.push({
      label: 'Available balance',
      value: availableText!,
      tone: available <= 0n ? 'fail' : low ? 'warn' : 'ok',
      ...(hint ? { hint } : {}),
    });
    rows.push({ label: 'Owed in uncashed cheques', value: owedText! });
  }
  return { kind: 'facts', id: 'chequebook', title: 'Chequebook', rows };
}

function chequesSection(poll: SwapPoll): Section {
  if (!poll.cheques.ok) return failureText('cheques', 'Last cheques', describeFailure('chequebook/cheque', poll.cheques.error, SWAP_REFUSALS));
  const rows = [...poll.cheques.value].sort((a, b) => compareDesc(chequeWeight(a), chequeWeight(b)) || (a.peer < b.peer ? -1 : 1));
  const [received, sent] = pairedBzzUnits(
    rows.map((c) => c.lastreceived?.payout),
    rows.map((c) => c.lastsent?.payout),
  );
  return {
    kind: 'table',
    id: 'cheques',
    title: `Last cheques (${rows.length} peer${rows.length === 1 ? '' : 's'}; payouts are cumulative)`,
    selectable: true,
    emptyText: 'no cheques sent or received yet',
    columns: [
      { id: 'peer', label: 'Peer', align: 'left', priority: 1, kind: 'id' },
      { id: 'received', label: 'Last received', align: 'right', priority: 1, kind: 'amount' },
      { id: 'sent', label: 'Last sent', align: 'right', priority: 1, kind: 'amount' },
    ],
    rows: rows.map((c) => ({
      key: c.peer,
      cells: [{ text: shortId(c.peer), full: c.peer }, chequeCell(c.lastreceived, received), chequeCell(c.lastsent, sent)],
    })),
  };
}

const chequeWeight = (c: PeerChequesFacts): bigint => big(c.lastreceived?.payout) + big(c.lastsent?.payout);
const compareDesc = (a: bigint, b: bigint): number => (a > b ? -1 : a < b ? 1 : 0);
const chequeCell = (cheque: Cheque | null | undefined, unit: BzzUnit) =>
  cheque ? { text: formatBzzIn(cheque.payout, unit), detail: `${cheque.payout ?? '0'} PLUR from chequebook ${cheque.chequebook} to ${cheque.beneficiary}` } : { text: '—' };

function settlementsSection(id: string, title: string, endpoint: string, fetched: Fetched<SettlementsFacts>): Section {
  if (!fetched.ok) return failureText(id, title, describeFailure(endpoint, fetched.error, SWAP_REFUSALS));
  const { totalReceived, totalSent } = fetched.value;
  const rows = [...fetched.value.settlements].sort((a, b) => compareDesc(big(a.received) + big(a.sent), big(b.received) + big(b.sent)) || (a.peer < b.peer ? -1 : 1));
  // Each column in one unit, and the title's two totals in one unit.
  const totals = bzzUnitFor([totalReceived, totalSent]);
  const [received, sent] = pairedBzzUnits(
    rows.map((s) => s.received),
    rows.map((s) => s.sent),
  );
  const table: TableSection = {
    kind: 'table',
    id,
    title: `${title}: ${formatBzzIn(totalReceived, totals)} received, ${formatBzzIn(totalSent, totals)} sent`,
    selectable: true,
    emptyText: 'none yet',
    columns: [
      { id: 'peer', label: 'Peer', align: 'left', priority: 1, kind: 'id' },
      { id: 'received', label: 'Received', align: 'right', priority: 1, kind: 'amount' },
      { id: 'sent', label: 'Sent', align: 'right', priority: 1, kind: 'amount' },
    ],
    rows: rows.map((s) => ({ key: s.peer, cells: [{ text: shortId(s.peer), full: s.peer }, { text: formatBzzIn(s.received, received) }, { text: formatBzzIn(s.sent, sent) }] })),
  };
  return table;
}

function failureText(id: string, title: string, text: string): TextSection {
  return { kind: 'text', id, title, lines: [{ text, tone: 'muted' }] };
}

export function renderSwap(poll: SwapPoll | null): ScreenContent {
  const base = { drill: null };
  if (poll === null) return { status: 'loading', subtitle: 'asking the chequebook, cheques and settlements', sections: [], ...base };
  const sections: Section[] = [];
  if (poll.node.ok && !poll.node.value.swapEnabled) {
    sections.push({
      kind: 'text',
      id: 'swapOff',
      title: null,
      lines: [{ text: 'Swap is off on this node: no chequebook, cheques or SWAP settlements; time settlements (pseudosettle) still run.', tone: 'info' }],
    });
  }
  sections.push(
    chequebookSection(poll),
    chequesSection(poll),
    settlementsSection('settlements', 'Settlements (SWAP)', 'settlements', poll.settlements),
    settlementsSection('timesettlements', 'Time settlements', 'timesettlements', poll.timesettlements),
  );
  const parts = [poll.node, poll.chequebookAddress, poll.chequebookBalance, poll.cheques, poll.settlements, poll.timesettlements];
  const firstFailure = parts.find((p) => !p.ok);
  if (parts.every((p) => !p.ok) && firstFailure && !firstFailure.ok) {
    return { status: 'error', subtitle: describeFailure('node', firstFailure.error), sections, ...base };
  }
  return { status: 'ready', subtitle: pollSubtitle(poll.takenAtMs, null, null), sections, ...base };
}
