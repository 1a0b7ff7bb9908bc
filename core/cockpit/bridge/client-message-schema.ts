/**
 * The renderer's messages checked at the bridge's Node end (the `--serve` WebSocket and Electron's ipcMain),
 * before anything reaches the engine: a page is not trusted to send well-formed events just because it holds
 * the token, and a malformed event must be refused, not crash the cockpit. Text is bounded (a palette line
 * of 4 KiB, a form value of 4 KiB, a dropped path of 4 KiB), numbers are small non-negative integers.
 */
import { z } from 'zod';
import { SCREEN_IDS } from '../view/screens.js';
import { LOG_TAB_IDS } from '../view/view-model.js';
import type { BridgeClientMessage } from './protocol.js';

const text = z.string().max(4096);
const index = z.number().int().min(0).max(1_000_000);
const screen = z.enum(SCREEN_IDS);

const inputTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('palette') }),
  z.object({ kind: z.literal('logFilter') }),
  z.object({ kind: z.literal('form'), section: text, field: text }),
]);

const clickTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tab'), screen }),
  z.object({ kind: z.literal('row'), section: text, index, activate: z.boolean() }),
  z.object({ kind: z.literal('drillRow'), section: text, index, activate: z.boolean() }),
  z.object({ kind: z.literal('action'), id: text }),
  z.object({ kind: z.literal('suggestion'), index }),
  z.object({ kind: z.literal('pickerNode'), index }),
  z.object({ kind: z.literal('logTab'), tab: z.enum(LOG_TAB_IDS) }),
  z.object({ kind: z.literal('alert'), index }),
  z.object({ kind: z.literal('cell'), section: text, index, column: text }),
  z.object({ kind: z.literal('closeOverlay') }),
  z.object({ kind: z.literal('closeDrill') }),
]);

const modifier = z.boolean().optional();

export const uiEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ui.key'), key: z.string().min(1).max(16), ctrl: modifier, alt: modifier, shift: modifier, meta: modifier }),
  z.object({ type: z.literal('ui.input'), target: inputTarget, value: text }),
  z.object({ type: z.literal('ui.focus'), target: inputTarget.nullable() }),
  z.object({ type: z.literal('ui.submit'), target: inputTarget }),
  z.object({ type: z.literal('ui.click'), target: clickTarget }),
  z.object({ type: z.literal('ui.drop'), paths: z.array(text).max(1000) }),
  z.object({ type: z.literal('ui.dropFailed'), name: text, reason: text }),
  z.object({ type: z.literal('ui.scheme'), scheme: z.enum(['light', 'dark']) }),
  z.object({ type: z.literal('ui.viewport'), rows: z.number().int().min(0).max(100_000) }),
  z.object({ type: z.literal('ui.paste'), text: z.string().max(65_536) }),
  z.object({ type: z.literal('ui.quit') }),
]);

const dropId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const clientMessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('hello') }),
  z.object({ t: z.literal('event'), event: uiEventSchema, seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
  z.object({
    t: z.literal('drop.begin'),
    id: dropId,
    entries: z.array(z.object({ path: text, kind: z.enum(['file', 'directory']), size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() })).max(100_000),
  }),
  z.object({ t: z.literal('drop.end'), id: dropId }),
  z.object({ t: z.literal('drop.abort'), id: dropId, path: text, reason: text }),
]);

/** A renderer's JSON message, or why it is refused. */
export function parseClientMessage(json: unknown): { ok: true; message: BridgeClientMessage } | { ok: false; error: string } {
  const result = clientMessageSchema.safeParse(json);
  if (!result.success) return { ok: false, error: result.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; ') };
  return { ok: true, message: result.data as BridgeClientMessage };
}

// The schema and the contract must describe the same events: this fails to compile when they part.
type Parsed = z.infer<typeof uiEventSchema>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const SCHEMA_MATCHES_CONTRACT: Same<Parsed['type'], import('../view/ui-events.js').CockpitUiEvent['type']> = true;
/** Every parsed event is a contract event (compile-time check of the fields, not only the type names). */
export const parsedIsContract = (event: Parsed): import('../view/ui-events.js').CockpitUiEvent => event;
