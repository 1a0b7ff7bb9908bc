import { describe, expect, it } from 'vitest';
import { alertEntry, clampSelection, composeView } from './compose-view.js';
import { fleetFacts, tableScreen, viewFor, viewPartsFor } from './view-fixtures.js';
import { unreachable } from '../snapshot-fixtures.js';
import { computeGates } from '../gates.js';

describe('composeView', () => {
  it('gives each tab its key per face (desktop digits, terminal Alt with Fleet fifth)', () => {
    expect(viewFor({ face: 'desktop' }).tabs.map((t) => t.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', null, null, null, null, null, null]);
    const terminal = viewFor({ face: 'terminal' }).tabs;
    expect(terminal.find((t) => t.id === 'fleet')?.key).toBe('Alt+5');
    expect(terminal.find((t) => t.id === 'warmup')?.key).toBeNull();
  });

  it('clamps a selection to the rows there are and selects the first row by default', () => {
    const sections = tableScreen(3).sections;
    expect(clampSelection(sections, { section: 'rows', index: 9 })).toEqual({ section: 'rows', index: 2 });
    expect(clampSelection(sections, null)).toEqual({ section: 'rows', index: 0 });
    expect(clampSelection(tableScreen(0).sections, null)).toBeNull();
  });

  it('shows the palette suggestions for the input, the picker on the active node, help per face', () => {
    const palette = viewFor({ mode: 'palette', session: { palette: { input: 'fe', highlighted: 9, error: null } } });
    expect(palette.overlay).toMatchObject({ kind: 'palette', input: 'fe', highlighted: 4 });
    expect(palette.inputFocus).toEqual({ kind: 'palette' });
    const picker = viewFor({ mode: 'picker', nodes: ['a', 'b', 'c'], parts: { fleet: fleetFacts(['a', 'b', 'c'], 'b') } });
    expect(picker.overlay).toMatchObject({ kind: 'picker', highlighted: 1 });
    const help = viewFor({ mode: 'help', face: 'terminal' });
    expect(help.overlay?.kind === 'help' && help.overlay.groups.flatMap((g) => g.entries).some((e) => e.keys === 'Ctrl+Alt+N')).toBe(true);
  });

  it('counts the fleet and names an unreachable active node’s problem in the top bar', () => {
    const fleet = fleetFacts(['a', 'b']);
    const broken = { ...fleet[0]!.snapshot!, health: unreachable };
    const parts = viewPartsFor({ nodes: ['a', 'b'], parts: { fleet: [{ ...fleet[0]!, snapshot: broken, gates: computeGates(broken) }, fleet[1]!] } });
    const view = composeView(parts);
    expect(view.topBar.node).toMatchObject({ name: 'a', tone: 'fail' });
    expect(view.topBar.node.status).toMatch(/^unreachable: network error/);
    expect(view.topBar.fleet).toEqual({ total: 2, pass: 1, warn: 0, fail: 1, unknown: 0 });
  });

  it('counts unseen alerts and sets exit when the session closed', () => {
    const entry = { gateId: 'notFrozen' as const, gateName: 'not frozen', from: 'Pass' as const, to: 'Fail' as const, reason: 'frozen', atMs: 10, recovery: false, node: 'a', seq: 1, causedBy: null, caused: [] };
    // Kept under a cause that did not change: in the list, not counted as a new alert.
    const held = { ...entry, gateId: 'walletFunded' as const, gateName: 'wallet funded', seq: 2, causedBy: 'chainRpcFresh' as const };
    const alerts = { entries: [held, entry], seenAtMs: 0, webhookConfigured: true, sinkProblem: null, toasts: [], bellCount: 2, notifications: [] };
    const view = composeView(viewPartsFor({ face: 'terminal', parts: { alerts } }));
    expect(view.topBar.alerts).toMatchObject({ unseen: 1, worst: 'fail', webhookConfigured: true });
    expect(alertEntry(held)).toMatchObject({ node: 'a', gate: 'wallet funded (under chain RPC fresh)', tone: 'muted' });
    const grouped = { ...entry, caused: [{ gateId: 'stampTtl' as const, gateName: 'stamp TTL', from: 'Pass' as const, to: 'Unknown' as const, reason: 'not measured: /stamps: 500', atMs: 10, recovery: false, causedBy: 'notFrozen' as const }] };
    expect(alertEntry(grouped)).toMatchObject({ node: 'a', gate: 'not frozen', reason: 'frozen (with it: stamp TTL not measured)', tone: 'fail' });
    expect(view.bell.count).toBe(2);
    expect(composeView(viewPartsFor({ face: 'desktop', parts: { alerts } })).bell.count).toBe(0);
    expect(viewFor({ mode: 'closed' }).exit).toEqual({ code: 0, finalStatus: null });
  });

  it('is plain JSON', () => {
    const view = viewFor({ mode: 'alerts' });
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });
});
