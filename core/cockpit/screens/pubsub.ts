/**
 * S14 Pubsub (2-cockpit.md §1, §6): a mode toggle, PSS (topic) or GSOC (owner + identifier); the last 200
 * messages, newest first, with a case-insensitive substring filter; the subscription's state (connected,
 * reconnecting with back-off and why) and where the JSONL history goes. Rules in core/cockpit/pubsub.ts.
 */
import { clockTime } from './common.js';
import { formatCount } from '../format.js';
import { filterMessages, PUBSUB_MODES, PUBSUB_RING_SIZE, type PubsubMessage, type PubsubMode, type PubsubTarget } from '../pubsub.js';
import { oneLine } from '../text.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { Section } from '../view/view-model.js';
import { cell } from './common.js';
import { UNSUBSCRIBE_ACTION } from '../bindings/screen-actions.js';

export interface PubsubForm {
  readonly mode: PubsubMode;
  readonly topic: string;
  readonly owner: string;
  readonly identifier: string;
}

export type Connection = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface PubsubScreenInput {
  readonly form: PubsubForm;
  readonly formErrors: Readonly<Partial<Record<keyof PubsubForm, string>>>;
  readonly target: PubsubTarget | null;
  readonly connection: Connection;
  /** Reconnect attempts since the last successful open. */
  readonly attempt: number;
  /** Why the socket closed or could not open, one line. */
  readonly lastError: string | null;
  /** Oldest first (the ring). */
  readonly messages: readonly PubsubMessage[];
  readonly filter: string;
  /** Frames that were not messages (text frames, oversized), and the last reason. */
  readonly dropped: { readonly count: number; readonly lastReason: string | null };
  readonly history: { readonly file: string; readonly error: string | null } | null;
  /** `:pubsub-replay`: the file played into the ring instead of a subscription. */
  readonly replay?: ReplayFacts | null;
  /** A one-shot result for the 8 s banner (a replay that failed, started or finished). */
  readonly banner?: ScreenContent['banner'];
}

export interface ReplayFacts {
  readonly file: string;
  readonly speed: string;
  readonly state: 'checking' | 'playing' | 'finished';
  /** Messages in the file (known once checked) and played so far. */
  readonly total: number | null;
  readonly played: number;
}

const PAYLOAD_CHARS = 160;

export function renderPubsub(input: PubsubScreenInput): ScreenContent {
  const f = input.form;
  const err = input.formErrors;
  const fields =
    f.mode === 'PSS'
      ? [{ id: 'topic', label: 'Topic', value: f.topic, placeholder: '64 hex, or text (hashed with keccak256)', ...(err.topic ? { error: err.topic } : {}) }]
      : [
          { id: 'owner', label: 'Owner', value: f.owner, placeholder: '40 hex characters (0x optional)', ...(err.owner ? { error: err.owner } : {}) },
          { id: 'identifier', label: 'Identifier', value: f.identifier, placeholder: '64 hex, or text (hashed with keccak256)', ...(err.identifier ? { error: err.identifier } : {}) },
        ];
  const sections: Section[] = [
    {
      kind: 'form',
      id: 'subscribe',
      title: null,
      fields: [{ id: 'mode', label: 'Mode', value: f.mode, placeholder: '', options: PUBSUB_MODES }, ...fields],
      submitLabel: 'Subscribe',
    },
    {
      kind: 'actions',
      id: 'pubsub-actions',
      title: null,
      actions: [{ id: UNSUBSCRIBE_ACTION, label: 'Unsubscribe', enabled: input.target !== null }],
    },
    { kind: 'form', id: 'filter', title: null, fields: [{ id: 'filter', label: 'Filter', value: input.filter, placeholder: 'case-insensitive substring' }], submitLabel: 'Filter' },
  ];
  const shown = filterMessages(input.messages, input.filter).reverse();
  // Out of range: the ring is full, so each new message drops the oldest, and nothing keeps them.
  if (input.messages.length >= PUBSUB_RING_SIZE && !input.history) {
    sections.push({ kind: 'text', id: 'ring-hint', title: null, lines: [{ text: `${formatCount(input.messages.length)} messages: the ring keeps the last ${PUBSUB_RING_SIZE}, older ones are dropped; set [pubsub] history_file to keep every message`, tone: 'warn' }] });
  }
  sections.push({
    kind: 'table',
    id: 'messages',
    title: 'Messages',
    columns: [
      { id: 'time', label: 'Time', align: 'left', priority: 2, kind: 'time' },
      { id: 'size', label: 'Bytes', align: 'right', priority: 3, kind: 'count' },
      { id: 'payload', label: 'Payload', align: 'left', priority: 1, kind: 'text' },
    ],
    rows: shown.map((m) => {
      const text = m.text === null ? `0x${m.hex}` : m.text;
      return { key: String(m.seq), cells: [cell(clockTime(m.receivedAtMs)), cell(formatCount(m.size)), cell(oneLine(text, PAYLOAD_CHARS), m.text === null ? 'muted' : undefined, text)] };
    }),
    selectable: true,
    emptyText: input.target === null && !input.replay ? 'not subscribed' : input.messages.length ? `no message matches "${input.filter}"` : 'no messages yet',
  });

  const parts: string[] = [];
  if (input.target) {
    const state = {
      idle: 'stopped',
      connecting: 'connecting…',
      open: 'subscribed',
      reconnecting: `reconnecting (attempt ${input.attempt})${input.lastError ? `: ${input.lastError}` : ''}`,
    }[input.connection];
    parts.push(`${input.target.mode} ${input.target.label}: ${state}`);
    const matching = input.filter.trim() ? ` (${shown.length} match)` : '';
    parts.push(`${input.messages.length} message${input.messages.length === 1 ? '' : 's'}${matching}`);
  } else if (input.replay) {
    const r = input.replay;
    const of = r.total === null ? '' : ` of ${formatCount(r.total)}`;
    const state = { checking: 'checking the file…', playing: `playing ${formatCount(r.played)}${of}`, finished: `replayed ${formatCount(r.played)}${of}` }[r.state];
    parts.push(`replay of ${oneLine(r.file, 120)} (${r.speed}): ${state}`);
    const matching = input.filter.trim() ? ` (${shown.length} match)` : '';
    if (input.filter.trim()) parts.push(`${input.messages.length} shown${matching}`);
  } else if (input.lastError) {
    parts.push(input.lastError);
  } else {
    // What to do on an idle screen, as S11, S12 and S13 say it.
    parts.push('choose PSS or GSOC, enter what to listen to, then Subscribe');
  }
  if (input.dropped.count) parts.push(`${input.dropped.count} frame${input.dropped.count === 1 ? '' : 's'} dropped: ${input.dropped.lastReason ?? ''}`);
  if (input.history) parts.push(input.history.error ? `history not written: ${input.history.error}` : `history → ${oneLine(input.history.file, 120)}`);
  const status = input.target && input.connection === 'reconnecting' && input.attempt > 0 && input.messages.length === 0 ? 'error' : 'ready';
  return { status, subtitle: parts.join(' · ') || null, sections, drill: null, ...(input.banner ? { banner: input.banner } : {}) };
}

/** What the subscription socket reports. */
export type SocketEvent =
  | { readonly type: 'socket.open' }
  | { readonly type: 'socket.message'; readonly payload: Uint8Array; readonly receivedAtMs: number }
  | { readonly type: 'socket.dropped'; readonly reason: string }
  | { readonly type: 'socket.closed'; readonly reason: string };

/** `[pubsub]` of the configuration: where the JSONL history goes (none without `historyFile`). */
export interface PubsubHistoryConfig {
  readonly historyFile?: string;
  readonly rotateSizeMb: number;
  readonly keepFiles: number;
}

/** What the replay source (actors/cockpit/screens/pubsub-replay.ts) reports. */
export type ReplayEvent =
  | { readonly type: 'replay.checked'; readonly count: number; readonly firstAtMs: number; readonly lastAtMs: number }
  | { readonly type: 'replay.message'; readonly payload: Uint8Array; readonly receivedAtMs: number }
  | { readonly type: 'replay.finished' }
  | { readonly type: 'replay.failed'; readonly error: string };

export type HistoryRequest = { readonly type: 'history.append'; readonly line: string };
export type HistoryEvent = { readonly type: 'history.opened'; readonly file: string } | { readonly type: 'history.failed'; readonly error: string };
