/**
 * Unknown is not Fail, and not "none" (issue 23, item 2), walked over the class: every screen S1-S15 of the
 * engine and every `--once` verb that asks a node, against a devnet node that is down and one that answers
 * 500 everywhere. What could not be read is said to be unknown, with why:
 * - S1: API reachable fails (reaching the API is what it measures); every other gate is Unknown, muted,
 *   `not measured: …`; none is Fail.
 * - no screen shows an empty table whose text states an absence ("no postage batches", "none pending", "no
 *   forks") it did not read; only tables of the cockpit's own state may be empty (its calls, the watchlist,
 *   pubsub messages, the fleet);
 * - nothing that describes the failure is red: red is for facts the node gave;
 * - every fact a node screen shows says why it is unknown, unless it is the cockpit's own state;
 * - no `--once` verb gives a negative answer (`sad`): each is an error (exit 2), except readiness on a node
 *   answering 500, which fails API reachable only (exit 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultPatch } from '../../devnet/control/devnet-control.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { SCREENS, type ScreenId } from '../../core/cockpit/view/screens.js';
import type { CockpitView, Section } from '../../core/cockpit/view/view-model.js';
import { compileEntries } from '../compiled-entries.js';
import { runBin } from '../run-bin.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';

const FAULTS: ReadonlyArray<[string, FaultPatch, RegExp]> = [
  ['down', { down: true }, /ECONNREFUSED|cannot reach|unreachable/],
  ['error500', { error500: true }, /500/],
];

const REF = 'ab'.repeat(32);
const OWNER = 'cd'.repeat(20);

/** Tables and trees that hold the cockpit's own state: they may truly be empty whatever the node does. */
const OWN_STATE = new Set(['apiHealth/calls', 'watchlist/references', 'watchlist/history', 'pubsub/messages', 'fleet/nodes']);
/**
 * Facts of the cockpit's own state on a node screen: the rchash benchmark it has not run, and the sample budget
 * (sample-forecast's reading of Bee's round, not a node fact).
 */
const OWN_FACTS = new Set(['lottery/Result', 'lottery/Budget']);
/** The screens whose every fact comes from the active node. */
const NODE_SCREENS = new Set<ScreenId>(['stamps', 'swap', 'lottery', 'warmup', 'peers', 'network', 'apiHealth', 'tags', 'pins', 'manifest', 'feedTimeline']);
/** Words that say a fact is unknown, and why. */
const SAYS_UNKNOWN = /not read|none read|unknown|not measured|cannot reach|cannot read|did not answer|no answer|answered/;

let devnet: StartedDevnet;
let h: EngineHarness;
beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  h = await startEngineHarness({ devnet, face: 'desktop' });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await devnet?.stop();
});

const palette = (line: string) => {
  h.key(':');
  h.type(line);
  h.key('Enter');
};

/** How to open each screen on a faulted node, and when it has settled (it asked the node and heard back). */
function open(id: ScreenId): (view: CockpitView) => boolean {
  const on = (v: CockpitView) => v.screen.id === id && v.screen.status !== 'loading';
  switch (id) {
    case 'manifest':
      palette(`inspect ${REF}`);
      return (v) => on(v) && v.screen.status === 'error';
    case 'feedTimeline':
      palette(`ft ${OWNER} a-topic`);
      return (v) => on(v) && v.screen.status === 'error';
    case 'watchlist':
      palette(`durability ${REF}`);
      return (v) => on(v) && JSON.stringify(v.screen.sections).includes('check failed');
    case 'health':
      palette(`go ${SCREENS.find((s) => s.id === id)!.aliases[0]}`);
      return (v) => on(v) && JSON.stringify(v.screen.sections).includes('"text":"Fail"');
    default:
      palette(`go ${SCREENS.find((s) => s.id === id)!.aliases[0]}`);
      return (v) => on(v) && (!NODE_SCREENS.has(id) || v.screen.status === 'error');
  }
}

interface Shown {
  /** `screen/section`, and `/row key` for a table cell, `screen/label` for a fact. */
  readonly where: string;
  readonly section: string;
  readonly text: string;
  readonly tone: string | undefined;
}

/** Everything a screen shows, with its tone. */
function shown(id: ScreenId, sections: readonly Section[]): Shown[] {
  const out: Shown[] = [];
  for (const s of sections) {
    const at = `${id}/${s.id}`;
    if (s.kind === 'facts') for (const r of s.rows) out.push({ where: `${id}/${r.label}`, section: at, text: r.value, tone: r.tone });
    if (s.kind === 'text') for (const l of s.lines) out.push({ where: at, section: at, text: l.text, tone: l.tone });
    if (s.kind === 'bars') for (const b of s.bars) out.push({ where: at, section: at, text: `${b.label}: ${b.text}`, tone: b.tone });
    if (s.kind === 'table') for (const r of s.rows) for (const c of r.cells) out.push({ where: `${at}/${r.key}`, section: at, text: c.text, tone: c.tone ?? r.tone });
    if (s.kind === 'tree') for (const r of s.rows) out.push({ where: `${at}/${r.key}`, section: at, text: `${r.label} ${r.detail}`, tone: r.tone });
  }
  return out;
}

describe.each(FAULTS)('a node that is %s', (_, fault, signature) => {
  beforeAll(async () => {
    await devnet.control.node(0).setFault(fault);
  });
  afterAll(async () => {
    await devnet.control.node(0).heal();
  });

  it.each(SCREENS.map((s) => [`S${s.number} ${s.title}`, s.id] as const))('%s states nothing it did not read, and no failure to read in red', async (_, id) => {
    const settled = open(id);
    const view = await h.waitForView(settled, { what: `${id} settled on the faulted node`, timeoutMs: 15_000 });
    const { sections } = view.screen;
    const context = JSON.stringify(view.screen, null, 1);

    if (id === 'health') {
      const gates = sections.find((s) => s.id === 'gates');
      expect(gates?.kind).toBe('table');
      if (gates?.kind !== 'table') return;
      // Columns by id: the table gained a "Last hour" trend column (issue 28 item 3) before the reason.
      const state = gates.columns.findIndex((c) => c.id === 'state');
      const reason = gates.columns.findIndex((c) => c.id === 'reason');
      expect(gates.rows[0]!.cells[state]).toMatchObject({ text: 'Fail', tone: 'fail' });
      for (const row of gates.rows.slice(1)) {
        expect(row.cells[state], row.key).toMatchObject({ text: 'Unknown', tone: 'muted' });
        expect(row.cells[reason]!.text, row.key).toMatch(/^not measured: \/[a-z]+: /);
      }
    }

    for (const s of sections) {
      if ((s.kind === 'table' || s.kind === 'tree') && s.rows.length === 0 && !OWN_STATE.has(`${id}/${s.id}`)) {
        // An empty table's text states an absence; without an answer it can only say what was not read.
        expect(s.emptyText, `${id}/${s.id}\n${context}`).toMatch(/^(not read|none read): /);
      }
    }
    for (const item of shown(id, sections)) {
      // What API reachable measures, and the fleet row of the node, are facts: the node did not answer.
      const own = item.where === 'health/gates/apiReachable' || id === 'fleet';
      if (item.tone === 'fail' && !own) {
        expect.fail(`${item.where} shows "${item.text}" in red on a node it could not read\n${context}`);
      }
      if (NODE_SCREENS.has(id) && !OWN_STATE.has(item.section) && !OWN_FACTS.has(item.where)) {
        expect(item.text, `${item.where}\n${context}`).toMatch(new RegExp(`${SAYS_UNKNOWN.source}|${signature.source}`));
      }
    }
  });
});

describe('every --once verb that asks a node', () => {
  let bin = '';
  beforeAll(() => {
    bin = compileEntries('unknown-not-fail', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  });

  const verbs = (batch: string): string[][] => [
    ['readiness'],
    ['version-check'],
    ['pss-target'],
    ['gsoc-mine', 'a-nonce'],
    ['price'],
    ['basefee'],
    ['inspect', REF],
    ['durability-check', REF],
    ['replica-check', REF],
    ['probe-upload', '--deadline', '2'],
    ['radius-doctor'],
    ['sample-forecast'],
    ['feed-probe', OWNER, 'a-topic'],
    ['feed-timeline', OWNER, 'a-topic'],
    ['grantees-list', REF],
    ['buy-preview', '20'],
    ['buy-suggest'],
    ['topup-preview', batch, '1000'],
    ['dilute-preview', batch, '23'],
    ['extend-preview', batch, '3600'],
    ['plan-batch'],
    ['upload-file', 'package.json'],
    ['upload-collection', 'docs/prometheus'],
  ];

  it.each(FAULTS)('on a node that is %s: every verb is an error, never a negative answer', async (name, fault) => {
    const url = devnet.nodes[1]!.url;
    const all = verbs(devnet.nodes[1]!.batchId!);
    expect(all).toHaveLength(23);
    await devnet.control.node(1).setFault(fault);
    try {
      for (const args of all) {
        const run = await runBin(bin, ['--once', ...args, url, '--json', '--timeout', '5']);
        const result = JSON.parse(run.stdout) as { status: string; message: string; data: { gates?: Array<{ id: string; state: string }> } };
        expect(result.status, `${args[0]}: ${run.stdout}`).not.toBe('sad');
        expect(result.message, args[0]).not.toMatch(/\b(none|no (batch|postage|update|manifest|feed|grantee))|not retrievable/i);
        if (args[0] === 'readiness' && name === 'error500') {
          // /health answers 500: API reachable fails, a fact; the rest was not measured.
          expect(run.code).toBe(1);
          expect(result.data.gates!.filter((g) => g.state === 'Fail').map((g) => g.id)).toEqual(['apiReachable']);
          expect(result.data.gates!.filter((g) => g.state === 'Unknown')).toHaveLength(10);
        } else {
          expect({ verb: args[0], code: run.code, status: result.status }).toEqual({ verb: args[0], code: 2, status: 'error' });
        }
      }
    } finally {
      await devnet.control.node(1).heal();
    }
  }, 120_000);
});
