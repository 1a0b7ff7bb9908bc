/**
 * The S2, S3, S4, S5 and S8 screen models: facts in, sections out, each with the states a screen can show
 * and the one-line reasons for missing answers.
 */
import { describe, expect, it } from 'vitest';
import { refused, unreachable } from '../snapshot-fixtures.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { Section } from '../view/view-model.js';
import { renderApiHealth } from './api-health.js';
import { renderLottery } from './lottery.js';
import { apiHealthPoll, BATCH_A, BATCH_B, BATCH_C, bucketSummary, lotteryIncentivesOff, lotteryPoll, PEER_1, PEER_2, stampFacts, stampsPoll, stampsSyncing, swapOffPoll, swapPoll, warmupPoll } from './screen-fixtures.js';
import { buildStampsModel, nextPendingSince, renderStamps } from './stamps.js';
import { renderSwap } from './swap.js';
import { renderWarmup } from './warmup.js';

const section = (content: ScreenContent | { sections: readonly Section[] }, id: string) => content.sections.find((s) => s.id === id);
const facts = (s: Section | undefined) => (s?.kind === 'facts' ? Object.fromEntries(s.rows.map((r) => [r.label, r])) : {});
const cells = (s: Section | undefined) => (s?.kind === 'table' ? s.rows.map((r) => r.cells.map((c) => c.text)) : []);

describe('S2 stamps model', () => {
  it('one row per batch, most urgent first, with ID prefix, depth, amount, TTL, peak bucket and status', () => {
    const poll = stampsPoll(5_000, [
      stampFacts(BATCH_A),
      stampFacts(BATCH_B, { utilization: 0, utilizationRatio: 0, label: '' }),
      stampFacts(BATCH_C, { batchTTL: 3 * 24 * 3600, label: 'archive' }),
    ]);
    const content = renderStamps(buildStampsModel(poll, {}), null);
    expect(content.status).toBe('ready');
    expect(content.subtitle).toMatch(/^3 batches: 1 Expiring, 1 Empty, 1 Healthy; polled at \d\d:\d\d:\d\d$/);
    expect(cells(section(content, 'batches')).map((row) => [...row.slice(0, 4), ...row.slice(8, 10)])).toEqual([
      ['cccccccc… archive', '22', '62.2 G PLUR', '3 d', '3/64 4.7 %', 'Expiring'],
      ['bbbbbbbb…', '22', '62.2 G PLUR', '30 d', '0/64 0 %', 'Empty'],
      ['aaaaaaaa… devnet', '22', '62.2 G PLUR', '30 d', '3/64 4.7 %', 'Healthy'],
    ]);
  });

  it('issue 28: theoretical and effective volume, mutability, a bucket-fill bar, a top-up hint and the selected batch whole', () => {
    const poll = stampsPoll(5_000, [
      stampFacts(BATCH_A, { immutableFlag: false }),
      stampFacts(BATCH_B, { utilization: 58, utilizationRatio: 58 / 64, immutableFlag: true, label: '' }),
      stampFacts(BATCH_C, { batchTTL: 3 * 24 * 3600, label: 'archive' }),
      stampFacts('dd'.repeat(32), { batchTTL: 1800, label: '' }),
    ]);
    const content = renderStamps(buildStampsModel(poll, {}), null, BATCH_B);
    const table = section(content, 'batches');
    const columns = table?.kind === 'table' ? table.columns.map((c) => c.label) : [];
    expect(columns.slice(4, 9)).toEqual(['Volume', 'Effective', 'Type', 'Bucket fill', 'Peak bucket']);
    const rows = table?.kind === 'table' ? table.rows : [];
    const byId = new Map(rows.map((row) => [row.key, row]));
    // Depth 22: 4,096 × 2^22 bytes = 17.18 GB theoretical; bee-js's table says 7.07 GB at depth 22.
    expect(byId.get(BATCH_A)!.cells.slice(4, 8).map((c) => c.text)).toEqual(['17.18 GB', '7.07 GB', 'mutable', '░░░░░░░░░░']);
    // 58 of 2^(22−16) = 64 slots: 91 % → 9 of 10 cells, a Warn fill, and a hint to dilute before it fills.
    expect(byId.get(BATCH_B)!.cells.slice(6, 8)).toEqual([expect.objectContaining({ text: 'immutable' }), { text: '█████████░', tone: 'warn' }]);
    expect(byId.get(BATCH_B)!.hint).toEqual({ text: expect.stringMatching(/fullest bucket 91 % full \(an immutable batch refuses chunks of a full bucket\): --once dilute-preview bbbbbbbb 23 /), tone: 'warn' });
    // TTL 3 d: under the 7-day horizon, plan a top-up; 30 min: under the gate's 1 h Fail line, top up now, red.
    expect(byId.get(BATCH_C)!.hint).toEqual({ text: 'TTL 3 d, under the 7 d horizon: plan a top-up; --once extend-preview cccccccc 30d prices 30 d more', tone: 'warn' });
    expect(byId.get('dd'.repeat(32))!.hint).toMatchObject({ text: expect.stringMatching(/^TTL 30 min, under an hour: top up now/), tone: 'fail' });
    // A healthy batch (30 d, 5 % fill) has no hint.
    expect(byId.get(BATCH_A)!.hint).toBeUndefined();
    // The selected batch's hint line starts with its full ID (then what to do about it, if anything).
    expect(byId.get(BATCH_B)!.hint!.text).toMatch(new RegExp(`^selected batch ${BATCH_B} · fullest bucket 91 % full`));
    const selectA = section(renderStamps(buildStampsModel(poll, {}), null, BATCH_A), 'batches');
    expect(selectA?.kind === 'table' && selectA.rows.find((row) => row.key === BATCH_A)!.hint).toEqual({ text: `selected batch ${BATCH_A}`, tone: 'muted' });
    // Nothing selected yet (or the batch gone): the first row's, where the engine's selection starts.
    const gone = section(renderStamps(buildStampsModel(poll, {}), null, 'ee'.repeat(32)), 'batches');
    expect(gone?.kind === 'table' && gone.rows[0]!.hint!.text).toMatch(new RegExp(`^selected batch ${gone?.kind === 'table' ? gone.rows[0]!.key : ''}`));
    // --ascii: the same bar in ASCII.
    const ascii = section(renderStamps(buildStampsModel(poll, {}), null, null, true), 'batches');
    expect(ascii?.kind === 'table' && ascii.rows.find((row) => row.key === BATCH_B)!.cells[7]!.text).toBe('#########.');
  });

  it('times a pending batch from when it was first seen pending; forgets it once usable', () => {
    const pending = [stampFacts(BATCH_B, { usable: false })];
    let since = nextPendingSince({}, stampsPoll(1_000, pending));
    since = nextPendingSince(since, stampsPoll(700_000, pending));
    expect(since).toEqual({ [BATCH_B]: 1_000 });
    const model = buildStampsModel(stampsPoll(700_000, pending), since);
    expect(model.kind === 'ready' && model.rows[0]!.verdict).toMatchObject({ status: 'Pending', tone: 'fail' });
    expect(nextPendingSince(since, stampsPoll(800_000, [stampFacts(BATCH_B)]))).toEqual({});
    // A failed poll keeps the sightings.
    expect(nextPendingSince(since, stampsSyncing(800_000))).toEqual(since);
  });

  it('says in one line why there are no batches to show', () => {
    expect(renderStamps(buildStampsModel(stampsSyncing(1), {}), null)).toMatchObject({ status: 'error', subtitle: 'postage batches not known yet: the node is still syncing postage events (/stamps 503)' });
    expect(renderStamps(buildStampsModel({ takenAtMs: 1, stamps: refused(403, '403 forbidden') }, {}), null).subtitle).toBe('no postage on this node: it runs without a chain backend (/stamps 403)');
    const down = renderStamps(buildStampsModel({ takenAtMs: 1, stamps: unreachable }, {}), null);
    expect(down.subtitle).toBe('cannot reach the node: network error: connect ECONNREFUSED 127.0.0.1:1633');
    // No batch table (its empty text says "no postage batches"): nothing was read about batches.
    expect(down.sections).toEqual([]);
    expect(JSON.stringify(down)).not.toContain('no postage batches');
    expect(renderStamps(buildStampsModel({ takenAtMs: 1, stamps: refused(401, '401 unauthorized') }, {}), null).subtitle).toBe('the node needs a token: pass --token or set NODE_TOKEN (/stamps 401)');
    expect(renderStamps(buildStampsModel(stampsPoll(1, []), {}), null).sections[0]).toMatchObject({ rows: [], emptyText: expect.stringMatching(/^no postage batches/) });
  });

  it('the drill: six fill bins, the worst buckets, average against peak; loading and failure lines', () => {
    const model = buildStampsModel(stampsPoll(1), {});
    const drill = renderStamps(model, { batchID: BATCH_A, kind: 'ready', summary: bucketSummary }).drill!;
    expect(drill.title).toBe('Buckets of aaaaaaaa… (devnet)');
    const bars = section(drill, 'histogram');
    expect(bars?.kind === 'bars' && bars.bars.map((b) => [b.label, b.text])).toEqual([
      ['empty', '65,530 buckets'],
      ['1-20 %', '6 buckets'],
      ['21-40 %', '0 buckets'],
      ['41-60 %', '0 buckets'],
      ['61-80 %', '0 buckets'],
      ['81-100 %', '0 buckets'],
    ]);
    expect(cells(section(drill, 'worst'))).toEqual([['0x0007', '3', '3/64 4.7 %'], ['0x0002', '2', '2/64 3.1 %']]);
    expect(facts(section(drill, 'fill'))['Fullest bucket']!.value).toBe('4.7 % (16,384x the average)');
    expect(renderStamps(model, { batchID: BATCH_A, kind: 'loading' }).drill).toMatchObject({ status: 'loading' });
    expect(renderStamps(model, { batchID: BATCH_A, kind: 'error', message: '400 batch not usable' })).toMatchObject({ drill: { status: 'error', subtitle: '400 batch not usable' } });
  });
});

describe('S3 swap model', () => {
  it('chequebook balances, cheques per peer (largest first) and both settlement lists', () => {
    const content = renderSwap(swapPoll(1));
    const book = facts(section(content, 'chequebook'));
    expect([book['Address']!.value, book['Total balance']!.value, book['Available balance']!.value, book['Owed in uncashed cheques']!.value]).toEqual([
      '0x8D3766440f0d7b949a5E32995D09619A7F86E632',
      '10 xBZZ',
      '9 xBZZ',
      '1 xBZZ',
    ]);
    expect(cells(section(content, 'cheques'))).toEqual([
      ['22222222…', '—', '1 xBZZ'],
      ['11111111…', '0.25 xBZZ', '—'],
    ]);
    expect(section(content, 'settlements')?.title).toBe('Settlements (SWAP): 0.25 xBZZ received, 1 xBZZ sent');
    expect(cells(section(content, 'timesettlements'))).toEqual([['11111111…', '1.35 G PLUR', '900 M PLUR']]);
    expect(PEER_1 < PEER_2).toBe(true);
  });

  it('reads each column, and the totals of a title, in one unit; a column of zeros takes its neighbour\'s (issue 23 item 8: not `405 M PLUR` beside `0 xBZZ`)', () => {
    const poll = swapPoll(1);
    const content = renderSwap({
      ...poll,
      settlements: { ok: true, value: { totalReceived: '405000000', totalSent: '0', settlements: [{ peer: PEER_1, received: '405000000', sent: '0' }, { peer: PEER_2, received: '0', sent: '0' }] } },
      timesettlements: { ok: true, value: { totalReceived: '1350000000', totalSent: '20000000000000000', settlements: [{ peer: PEER_1, received: '1350000000', sent: '20000000000000000' }, { peer: PEER_2, received: '0', sent: '13500000' }] } },
    });
    expect(section(content, 'settlements')?.title).toBe('Settlements (SWAP): 405 M PLUR received, 0 PLUR sent');
    expect(cells(section(content, 'settlements'))).toEqual([
      ['11111111…', '405 M PLUR', '0 PLUR'],
      ['22222222…', '0 PLUR', '0 PLUR'],
    ]);
    expect(section(content, 'timesettlements')?.title).toBe('Time settlements: 0.000000135 xBZZ received, 2 xBZZ sent');
    expect(cells(section(content, 'timesettlements'))).toEqual([
      ['11111111…', '1.35 G PLUR', '2 xBZZ'],
      ['22222222…', '0 PLUR', '0.00000000135 xBZZ'],
    ]);
  });

  it('an empty chequebook is red; swap off explains itself and keeps the time settlements', () => {
    const empty = swapPoll(1);
    const dry = renderSwap({ ...empty, chequebookBalance: { ok: true, value: { totalBalance: '1000', availableBalance: '0' } } });
    expect(facts(section(dry, 'chequebook'))['Available balance']!.tone).toBe('fail');
    const off = renderSwap(swapOffPoll(1));
    expect(off.status).toBe('ready');
    expect(section(off, 'swapOff')).toMatchObject({ kind: 'text' });
    expect(facts(section(off, 'chequebook'))['Address']!.value).toBe('none deployed (zero address)');
    expect(facts(section(off, 'chequebook'))['Balance']!.value).toBe('no chequebook: the node runs without a chain backend or swap (/chequebook/balance 405)');
    expect(section(off, 'cheques')).toMatchObject({ kind: 'text', lines: [{ text: 'swap is disabled on this node (--swap-enable=false) (/chequebook/cheque 403)' }] });
    expect(cells(section(off, 'timesettlements'))).toHaveLength(1);
  });

  it('a node that answers nothing is an error screen with one line', () => {
    const down = { takenAtMs: 1, node: unreachable, chequebookAddress: unreachable, chequebookBalance: unreachable, cheques: unreachable, settlements: unreachable, timesettlements: unreachable };
    expect(renderSwap(down)).toMatchObject({ status: 'error', subtitle: 'cannot reach the node: network error: connect ECONNREFUSED 127.0.0.1:1633' });
  });
});

describe('S4 lottery model', () => {
  it('phase, round, block within the round, stake card and anchors', () => {
    const content = renderLottery(lotteryPoll(1), { kind: 'idle' }, null);
    const round = facts(section(content, 'round'));
    expect(round['Phase']!.value).toBe('Reveal');
    expect(round['Block in round']!.value).toBe('41 of 152 (Reveal window, 35 blocks to Claim)');
    expect(round['Last sample']!.value).toBe('4.2 s');
    expect(section(content, 'stake')?.title).toBe('Stake: Healthy');
    const bench = facts(section(content, 'rchash'));
    expect([bench['Depth']!.value, bench['Anchor 1']!.full, bench['Anchor 2']!.full]).toEqual(['5 (the storage radius)', 'b0' + '00'.repeat(31), 'b7' + 'ff'.repeat(31)]);
    expect(section(content, 'actions')).toMatchObject({ actions: [{ id: 'rchash', enabled: true }] });
  });

  it('a stake card that needs an unread answer is unknown, not Healthy; the stake a height needs is unknown without /reservestate', () => {
    const noReserve = renderLottery({ ...lotteryPoll(1), reserve: refused(500, '500 Internal Server Error') }, { kind: 'idle' }, null);
    const stake = facts(section(noReserve, 'stake'));
    expect(stake['Card']).toMatchObject({ tone: 'muted', value: 'unknown: the stake this reserve height needs was not read: no answer from /reservestate: 500 Internal Server Error' });
    expect(stake['Needed for this height']).toMatchObject({ tone: 'muted', value: 'unknown: no answer from /reservestate: 500 Internal Server Error' });
    const noSurplus = renderLottery({ ...lotteryPoll(1), withdrawable: refused(500, '500 Internal Server Error') }, { kind: 'idle' }, null);
    expect(facts(section(noSurplus, 'stake'))['Card']!.value).toMatch(/^unknown: whether part of the stake is surplus was not read/);
  });

  it('Sample is shown as the sampling for the next round inside the claim window', () => {
    const content = renderLottery(lotteryPoll(1, { phase: 'sample', block: 90 * 152 + 80 }), { kind: 'idle' }, null);
    expect(facts(section(content, 'round'))['Phase']).toMatchObject({ value: 'Sample (building the sample for round 91 in the Claim window)', tone: 'warn' });
  });

  it('storage incentives off: the round says so in one line, the stake card is not applicable, the rest still shows', () => {
    const content = renderLottery(lotteryIncentivesOff(1), { kind: 'idle' }, null);
    expect(content.status).toBe('ready');
    expect(section(content, 'round')).toMatchObject({ kind: 'text', lines: [{ text: 'storage incentives are disabled on this node (--storage-incentives-enable=false) (/redistributionstate 403)' }] });
    expect(facts(section(content, 'stake'))['Card']!.value).toMatch(/storage incentives are disabled/);
    const busy = renderLottery({ ...lotteryPoll(1), stake: refused(429, '429 simultaneous on-chain operations not supported') }, { kind: 'idle' }, null);
    expect(facts(section(busy, 'stake'))['Card']!.value).toBe('the node is busy with another staking call; asked again next poll (/stake 429)');
    const light = renderLottery({ ...lotteryPoll(1), redistribution: refused(400, '400 not a full node') }, { kind: 'idle' }, null);
    expect(section(light, 'round')).toMatchObject({ lines: [{ text: 'not a full node: only full nodes play the storage lottery (/redistributionstate 400)' }] });
  });

  it('the benchmark result: green with the duration, red over 95 s, failures in one line', () => {
    const target = { depth: 5, anchor1: '00'.repeat(32), anchor2: 'ff'.repeat(32) };
    const done = (durationSeconds: number) => facts(section(renderLottery(lotteryPoll(1), { kind: 'done', target, durationSeconds, requestMs: 4300, hash: 'ab' }, null), 'rchash'))['Result']!;
    expect(done(4.2)).toMatchObject({ tone: 'ok', value: '4.2 s: within the 95 s reveal deadline (normal for a fast disk) (request 4 s)' });
    expect(done(96).tone).toBe('fail');
    const failed = renderLottery(lotteryPoll(1), { kind: 'failed', target, message: 'socket closed' }, null);
    expect(facts(section(failed, 'rchash'))['Result']!.value).toBe('failed: socket closed');
    expect(section(renderLottery(lotteryPoll(1), { kind: 'running', target }, null), 'actions')).toMatchObject({ actions: [{ enabled: false }] });
  });
});

describe('S5 warmup model', () => {
  it('a settled node: every step done', () => {
    const content = renderWarmup(warmupPoll(1));
    expect(section(content, 'summary')).toMatchObject({ lines: [{ text: 'Bootstrapped: every step is done.', tone: 'ok' }] });
    const bars = section(content, 'checklist');
    expect(bars?.kind === 'bars' && bars.bars.map((b) => [b.label, b.fraction, b.tone])).toEqual([
      ['Node ready', 1, 'ok'],
      ['Warm-up over', 1, 'ok'],
      ['Peers connected', 1, 'ok'],
      ['Bins saturated', 1, 'ok'],
      ['Chain RPC', 1, 'ok'],
      ['Batches synced', 1, 'ok'],
      ['Pull-sync idle', 1, 'ok'],
      ['Reserve filled', 1, 'ok'],
    ]);
  });

  it('a warming node: progress per step, with the numbers behind each bar', () => {
    const bars = section(renderWarmup(warmupPoll(1, true)), 'checklist');
    expect(bars?.kind === 'bars' && bars.bars.map((b) => `${b.label}: ${b.text} [${b.fraction.toFixed(2)}]`)).toEqual([
      'Node ready: /readiness: notReady (400) [0.00]',
      'Warm-up over: warming up: Bee holds back pushes and reserve work until it ends [0.50]',
      // Not `9 of 16`: the 16 is the peer-count gate's target (`41 of 16` was possible).
      'Peers connected: 9 connected peers, below the 16 target [0.56]',
      'Bins saturated: 0 of 8 bins below depth 8 have 8+ peers [0.00]',
      'Chain RPC: chain tip 1004 [1.00]',
      'Batches synced: postage listener at block 400, 604 behind the tip, 12,582,912 chunk slots committed [0.40]',
      'Pull-sync idle: pulling 52.5 chunks/s from the neighbourhood [0.50]',
      'Reserve filled: 12,000 chunks at depth 2, below the 65,536 target [0.18]',
    ]);
  });

  it('a light node has no reserve steps; a starting node (503) says why per step', () => {
    const light = warmupPoll(1);
    const lightBars = section(renderWarmup({ ...light, status: { ok: true, value: { ...(light.status.ok ? light.status.value : ({} as never)), beeMode: 'light' } } }), 'checklist');
    expect(lightBars?.kind === 'bars' && lightBars.bars.slice(6).map((b) => [b.text, b.tone])).toEqual([
      ['a light node keeps no reserve', 'muted'],
      ['a light node keeps no reserve', 'muted'],
    ]);
    const starting = renderWarmup({ ...warmupPoll(1), status: refused(503, '503 Node is syncing'), topology: refused(503, '503 Node is syncing') });
    const bars = section(starting, 'checklist');
    expect(bars?.kind === 'bars' && bars.bars.find((b) => b.label === 'Warm-up over')).toMatchObject({ text: 'not read: /status: 503 Node is syncing', tone: 'muted' });
    expect(section(starting, 'summary')).toMatchObject({ lines: [{ text: expect.stringMatching(/; not read: Warm-up over, Peers connected, Bins saturated, Pull-sync idle, Reserve filled$/) }] });
    expect(starting.status).toBe('ready');
  });
});

describe('S8 API health model', () => {
  it('chain state with lag verdict, pending transactions with their age, and call statistics busiest first', () => {
    const content = renderApiHealth(apiHealthPoll(10_000_000, 2), 0);
    const chain = facts(section(content, 'chain'));
    expect(chain['Lag']).toMatchObject({ tone: 'ok', value: '4 blocks (normal: the listener trails the tip by up to 9)' });
    expect(chain['Current price']!.value).toBe('24,000 PLUR per chunk per block');
    // The exact figure is a detail, never `full`: a wide terminal showed `24000` without its unit in its place.
    expect([chain['Current price']!.full, chain['Total amount']!.full]).toEqual([undefined, undefined]);
    expect(chain['Total amount']!.value).toBe('24,000,000 PLUR paid out per chunk so far');
    expect(cells(section(content, 'transactions')).map((r) => [r[1], r[2], r[3], r[4]])).toEqual([
      ['0', 'postage batch creation', '1 gwei', 'pending 1 min'],
      ['1', 'postage batch creation', '1 gwei', 'pending 2 min'],
    ]);
    expect(cells(section(content, 'calls'))).toEqual([
      ['GET /chainstate', '12', '0', '0', '1.2 ms', '3.4 ms', '8.0 ms', '8.0 ms', '200'],
      ['GET /transactions', '12', '1', '0', '1.0 ms', '2.0 ms', '2.0 ms', '2.0 ms', '500'],
      ['GET /pins', '2', '0', '1', '3.0 ms', '3.0 ms', '3.0 ms', '3.0 ms', 'cancelled'],
    ]);
    // A row whose calls were only cancelled by the cockpit is not flagged: the node did nothing wrong.
    const pins = section(content, 'calls');
    expect(pins?.kind === 'table' && pins.rows.find((r) => r.key === 'GET /pins')?.tone).toBeUndefined();
  });

  it('a transaction pending over 10 minutes is flagged as stuck; lag over the line warns, sustained fails', () => {
    const poll = apiHealthPoll(10_000_000, 1);
    const old = { ...poll, transactions: { ok: true as const, value: [{ ...(poll.transactions.ok ? poll.transactions.value[0]! : ({} as never)), created: new Date(10_000_000 - 11 * 60_000).toISOString() }] } };
    const row = section(renderApiHealth(old, 0), 'transactions');
    expect(row?.kind === 'table' && row.rows[0]!.tone).toBe('warn');
    expect(cells(row)[0]![4]).toMatch(/^pending 11 min: stuck\?/);
    const lagging = { ...poll, chainstate: { ok: true as const, value: { chainTip: 1030, block: 1000, totalAmount: '1', currentPrice: '24000' } } };
    expect(facts(section(renderApiHealth(lagging, 1), 'chain'))['Lag']!.tone).toBe('warn');
    expect(facts(section(renderApiHealth(lagging, 3), 'chain'))['Lag']).toMatchObject({ tone: 'fail', value: '30 blocks, sustained over 3 polls: slow RPC endpoint' });
  });

  it('no transaction service (404) is one muted line; nothing at all is an error screen', () => {
    const poll = apiHealthPoll(1, 0);
    expect(section(renderApiHealth({ ...poll, transactions: refused(404, '404 Not Found') }, 0), 'transactions')).toMatchObject({
      kind: 'text',
      lines: [{ text: 'this node has no transaction service (no chain backend) (/transactions 404)' }],
    });
    expect(renderApiHealth({ ...poll, chainstate: unreachable, transactions: unreachable }, 0)).toMatchObject({ status: 'error' });
  });
});
