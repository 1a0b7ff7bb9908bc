/**
 * S14 Pubsub: a PSS or GSOC subscription over Bee's WebSocket endpoints, a ring of the last messages, a filter,
 * and the JSONL history (2-cockpit.md §1 "S14", §2 `[pubsub]`, §6).
 *
 * States
 * - idle: not subscribed; the form (mode PSS / GSOC, topic or owner + identifier) waits for Subscribe.
 * - subscribed: the history writer (`pubsubHistory`, a callback actor bound to `[pubsub]`: reports the file with
 *   `history.opened`, then appends each message's JSONL line, rotating by size; without `[pubsub].history_file`
 *   it says nothing and writes nothing) runs for the whole subscription.
 *   - connected: the socket actor (`pubsubSocket`, fromCallback returning cleanup) is open or opening:
 *     `connecting` until `socket.open`, then `open`. `socket.closed` (node gone, upgrade refused, network) leads to
 *   - reconnecting: waits the named delay `reconnectDelay` (1, 2, 4, … 30 s by the back-off step) and connects
 *     again with a fresh socket. A successful open resets the back-off.
 *   The Unsubscribe button goes back to idle (stopping both actors); a new Subscribe replaces the subscription.
 * - replaying: `:pubsub-replay <jsonl> [--speed N]` (a `screen.command`) plays a saved history into the ring
 *   instead of a subscription (`pubsubReplay`: actors/cockpit/screens/pubsub-replay.ts): `checking` the whole
 *   file first (`replay.checked`, or `replay.failed` back to idle with a red banner naming the line), `playing`
 *   each message at the original pace or faster, `finished` with the messages kept on screen. Replayed messages
 *   are never appended to the history file. Unsubscribe stops it; a Subscribe or another replay replaces it.
 * Frames that are no message (`socket.dropped`: text frames, oversized ones) are counted with the last reason;
 * messages keep arriving. The filter (`filter` form, live on `screen.input`) only changes what is shown.
 *
 * Context stays bounded so the machine's graph is finite: the ring holds `ringSize` messages, the row key `seq`
 * wraps at twice the ring, the back-off step stops at the 30 s step and the dropped count at `droppedCap`.
 */
import { assign, enqueueActions, fromCallback, setup, type SnapshotFrom } from 'xstate';
import {
  gsocTarget,
  historyLine,
  PUBSUB_MODES,
  PUBSUB_RING_SIZE,
  pssTarget,
  pushRing,
  reconnectDelayMs,
  toMessage,
  type PubsubMode,
  type PubsubTarget,
} from '../../../core/cockpit/pubsub.js';
import { renderPubsub, type HistoryEvent, type HistoryRequest, type PubsubForm, type ReplayEvent, type SocketEvent } from '../../../core/cockpit/screens/pubsub.js';
import { describeSpeed, parseReplaySpeed, type ReplaySpeed } from '../../../core/cockpit/pubsub-replay.js';
import { errorLine } from '../../../core/cockpit/text.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { UNSUBSCRIBE_ACTION } from '../../../core/cockpit/bindings/screen-actions.js';
import { selectPerSnapshot } from './screen-definition.js';

export * from './pubsub.contracts.js';
import { BACKOFF_STEPS, FILTER_FORM, SUBSCRIBE_FORM, type PubsubScreenContext, type PubsubScreenInput } from './pubsub.contracts.js';

type Events = ScreenEvent | SocketEvent | HistoryEvent | ReplayEvent;

const nextBanner = (context: PubsubScreenContext, text: string, tone: 'ok' | 'fail') => ({ id: context.banner?.id === 1 ? 2 : 1, text, tone });

/** The replay a `:pubsub-replay` command asks for (the palette checked its arguments). */
function replayRequest(event: Events): { file: string; speed: ReplaySpeed } | undefined {
  if (event.type !== 'screen.command' || event.verb !== 'pubsub-replay' || !event.args[0]) return undefined;
  try {
    return { file: event.args[0], speed: parseReplaySpeed(event.args[1] ?? '1') };
  } catch {
    return undefined;
  }
}

/** Provided by the engine: pubsubScreenActors(...) from actors/cockpit/screens/pubsub.ts. */
const pubsubSocketNotProvided = fromCallback<{ type: 'noop' }, { path: string }, SocketEvent>(() => {
  throw new Error('pubsubSocket actor not provided');
});
const pubsubReplayNotProvided = fromCallback<{ type: 'noop' }, { file: string; speed: ReplaySpeed }, ReplayEvent>(() => {
  throw new Error('pubsubReplay actor not provided');
});
const pubsubHistoryNotProvided = fromCallback<HistoryRequest, Record<string, never>, HistoryEvent>(() => {
  throw new Error('pubsubHistory actor not provided');
});

function requestedForm(context: PubsubScreenContext, event: Events): PubsubForm | undefined {
  if (event.type !== 'screen.submit' || event.section !== SUBSCRIBE_FORM) return undefined;
  const v = event.values;
  const mode = (PUBSUB_MODES as readonly string[]).includes(v['mode'] ?? '') ? (v['mode'] as PubsubMode) : context.form.mode;
  return { mode, topic: v['topic'] ?? context.form.topic, owner: v['owner'] ?? context.form.owner, identifier: v['identifier'] ?? context.form.identifier };
}

/** The subscription a form asks for, or the refusal of each bad field. */
function targetOf(form: PubsubForm): { target: PubsubTarget } | { errors: Partial<Record<keyof PubsubForm, string>> } {
  if (form.mode === 'PSS') {
    try {
      return { target: pssTarget(form.topic) };
    } catch (error) {
      return { errors: { topic: errorLine(error) } };
    }
  }
  const errors: Partial<Record<keyof PubsubForm, string>> = {};
  try {
    gsocTarget(form.owner, '00'.repeat(32));
  } catch (error) {
    errors.owner = errorLine(error);
  }
  try {
    gsocTarget('00'.repeat(20), form.identifier);
  } catch (error) {
    errors.identifier = errorLine(error);
  }
  return Object.keys(errors).length ? { errors } : { target: gsocTarget(form.owner, form.identifier) };
}

export const pubsubScreenMachine = setup({
  types: {} as { context: PubsubScreenContext; input: PubsubScreenInput; events: Events },
  actors: { pubsubSocket: pubsubSocketNotProvided, pubsubHistory: pubsubHistoryNotProvided, pubsubReplay: pubsubReplayNotProvided },
  delays: { reconnectDelay: ({ context }) => reconnectDelayMs(context.attempt - 1) },
  guards: {
    isSubscribeRequest: ({ context, event }) => {
      const form = requestedForm(context, event);
      return form !== undefined && 'target' in targetOf(form);
    },
    isBadSubscribeRequest: ({ context, event }) => {
      const form = requestedForm(context, event);
      return form !== undefined && 'errors' in targetOf(form);
    },
    isUnsubscribe: ({ event }) => event.type === 'screen.action' && event.id === UNSUBSCRIBE_ACTION,
    isReplayRequest: ({ event }) => replayRequest(event) !== undefined,
  },
  actions: {
    editForm: assign(({ context, event }) => {
      if (event.type !== 'screen.input') return {};
      if (event.section === FILTER_FORM && event.field === 'filter') return { filter: event.value };
      if (event.section !== SUBSCRIBE_FORM) return {};
      if (event.field === 'mode') return (PUBSUB_MODES as readonly string[]).includes(event.value) ? { form: { ...context.form, mode: event.value as PubsubMode }, formErrors: {} } : {};
      if (!['topic', 'owner', 'identifier'].includes(event.field)) return {};
      return { form: { ...context.form, [event.field]: event.value } };
    }),
    submitFilter: assign(({ event }) => (event.type === 'screen.submit' && event.section === FILTER_FORM ? { filter: event.values['filter'] ?? '' } : {})),
    subscribe: assign(({ context, event }) => {
      const form = requestedForm(context, event)!;
      const target = (targetOf(form) as { target: PubsubTarget }).target;
      return { form, formErrors: {}, target, attempt: 0, lastError: null, messages: [], seq: 0, dropped: { count: 0, lastReason: null }, historyError: null };
    }),
    refuse: assign(({ context, event }) => {
      const form = requestedForm(context, event)!;
      return { form, formErrors: (targetOf(form) as { errors: Partial<Record<keyof PubsubForm, string>> }).errors };
    }),
    unsubscribe: assign({ target: null, attempt: 0 }),
    opened: assign({ attempt: 0, lastError: null }),
    closed: assign(({ context, event }) => (event.type === 'socket.closed' ? { attempt: Math.min(context.attempt + 1, context.maxBackoffStep), lastError: event.reason } : {})),
    recordMessage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.message' || !context.target) return;
      const seq = (context.seq % (2 * context.ringSize)) + 1;
      const message = toMessage(seq, event.receivedAtMs, event.payload);
      enqueue.assign({ seq, messages: pushRing(context.messages, message, context.ringSize) });
      if (context.historyFile !== null) enqueue.sendTo('pubsubHistory', { type: 'history.append', line: historyLine(context.target.mode, context.target.target, message) });
    }),
    recordDropped: assign(({ context, event }) =>
      event.type === 'socket.dropped' ? { dropped: { count: Math.min(context.dropped.count + 1, context.droppedCap), lastReason: event.reason } } : {},
    ),
    recordHistoryFailure: assign(({ event }) => (event.type === 'history.failed' ? { historyError: event.error } : {})),
    startReplay: assign(({ event }) => {
      const { file, speed } = replayRequest(event)!;
      return { replay: { file, speed, total: null, played: 0 }, target: null, attempt: 0, lastError: null, messages: [], seq: 0, dropped: { count: 0, lastReason: null } };
    }),
    replayChecked: assign(({ context, event }) => (event.type === 'replay.checked' && context.replay ? { replay: { ...context.replay, total: event.count } } : {})),
    recordReplayMessage: assign(({ context, event }) => {
      if (event.type !== 'replay.message' || !context.replay) return {};
      const seq = (context.seq % (2 * context.ringSize)) + 1;
      const played = Math.min(context.replay.played + 1, context.replay.total ?? 0);
      return { seq, messages: pushRing(context.messages, toMessage(seq, event.receivedAtMs, event.payload), context.ringSize), replay: { ...context.replay, played } };
    }),
    announceReplay: assign(({ context }) =>
      context.replay ? { banner: nextBanner(context, `replaying ${context.replay.total ?? 0} messages from ${context.replay.file} (${describeSpeed(context.replay.speed)})`, 'ok') } : {},
    ),
    finishReplay: assign(({ context }) => (context.replay ? { banner: nextBanner(context, `replayed ${context.replay.played} messages from ${context.replay.file}`, 'ok') } : {})),
    failReplay: assign(({ context, event }) =>
      event.type === 'replay.failed' ? { replay: null, lastError: `replay failed: ${event.error}`, banner: nextBanner(context, `:pubsub-replay: ${event.error}`, 'fail') } : {},
    ),
    stopReplay: assign({ replay: null }),
    recordHistoryFile: assign(({ event }) => (event.type === 'history.opened' ? { historyFile: event.file, historyError: null } : {})),
  },
}).createMachine({
  id: 'pubsubScreen',
  description: 'S14: a PSS or GSOC subscription with reconnect back-off, a ring of messages, a filter and JSONL history.',
  context: ({ input }) => ({
    form: { mode: 'PSS', topic: '', owner: '', identifier: '' },
    formErrors: {},
    target: null,
    attempt: 0,
    maxBackoffStep: Math.max(1, input.maxBackoffStep ?? BACKOFF_STEPS),
    lastError: null,
    ringSize: Math.max(1, input.ringSize ?? PUBSUB_RING_SIZE),
    messages: [],
    seq: 0,
    filter: '',
    droppedCap: input.droppedCap ?? 1_000_000,
    dropped: { count: 0, lastReason: null },
    historyFile: null,
    historyError: null,
    replay: null,
    banner: null,
  }),
  initial: 'idle',
  on: {
    'screen.input': { actions: 'editForm' },
    'screen.submit': [
      { guard: 'isSubscribeRequest', target: '.subscribed', reenter: true, actions: ['stopReplay', 'subscribe'] },
      { guard: 'isBadSubscribeRequest', actions: 'refuse' },
      { actions: 'submitFilter' },
    ],
    'screen.command': { guard: 'isReplayRequest', target: '.replaying', reenter: true, actions: 'startReplay' },
  },
  states: {
    idle: { description: 'Not subscribed: the form waits for a topic (PSS) or owner and identifier (GSOC).' },
    subscribed: {
      description: 'One subscription; its history writer runs throughout.',
      invoke: { id: 'pubsubHistory', src: 'pubsubHistory', input: {} },
      initial: 'connected',
      on: {
        'screen.action': { guard: 'isUnsubscribe', target: 'idle', actions: 'unsubscribe' },
        'history.failed': { actions: 'recordHistoryFailure' },
        'history.opened': { actions: 'recordHistoryFile' },
      },
      states: {
        connected: {
          description: 'The WebSocket is opening or open; messages arrive as binary frames.',
          invoke: { id: 'pubsubSocket', src: 'pubsubSocket', input: ({ context }) => ({ path: context.target?.path ?? '' }) },
          initial: 'connecting',
          on: {
            'socket.message': { actions: 'recordMessage' },
            'socket.dropped': { actions: 'recordDropped' },
            'socket.closed': { target: 'reconnecting', actions: 'closed' },
          },
          states: {
            connecting: { description: 'Upgrade requested; waiting for the node to accept.', on: { 'socket.open': { target: 'open', actions: 'opened' } } },
            open: { description: 'Subscribed: each frame is a message.' },
          },
        },
        reconnecting: {
          description: 'The socket closed; a new one opens after reconnectDelay (back-off 1 s doubling to 30 s).',
          after: { reconnectDelay: 'connected' },
        },
      },
    },
    replaying: {
      description: 'A saved history plays into the ring (:pubsub-replay): checked whole first, then paced by its times.',
      invoke: { id: 'pubsubReplay', src: 'pubsubReplay', input: ({ context }) => ({ file: context.replay?.file ?? '', speed: context.replay?.speed ?? 1 }) },
      initial: 'checking',
      on: {
        'screen.action': { guard: 'isUnsubscribe', target: 'idle', actions: 'stopReplay' },
        'replay.failed': { target: 'idle', actions: 'failReplay' },
      },
      states: {
        checking: { description: 'Every line of the file is read and checked before any is shown.', on: { 'replay.checked': { target: 'playing', actions: ['replayChecked', 'announceReplay'] } } },
        playing: {
          description: 'Each message arrives after its original gap divided by the speed.',
          on: { 'replay.message': { actions: 'recordReplayMessage' }, 'replay.finished': { target: 'finished', actions: 'finishReplay' } },
        },
        finished: { description: 'Every message was played; they stay on screen until a new subscription or replay.' },
      },
    },
  },
});

export type PubsubScreenSnapshot = SnapshotFrom<typeof pubsubScreenMachine>;

export const selectPubsubContent = selectPerSnapshot((state: PubsubScreenSnapshot) => {
  const c = state.context;
  const connection = state.matches({ subscribed: { connected: 'open' } })
    ? 'open'
    : state.matches({ subscribed: { connected: 'connecting' } })
      ? 'connecting'
      : state.matches({ subscribed: 'reconnecting' })
        ? 'reconnecting'
        : 'idle';
  return renderPubsub({
    form: c.form,
    formErrors: c.formErrors,
    target: state.matches('subscribed') ? c.target : null,
    connection,
    attempt: c.attempt,
    lastError: c.lastError,
    messages: c.messages,
    filter: c.filter,
    dropped: c.dropped,
    history: c.historyFile === null ? null : { file: c.historyFile, error: c.historyError },
    replay: state.matches('replaying') && c.replay ? { file: c.replay.file, speed: describeSpeed(c.replay.speed), state: state.matches({ replaying: 'checking' }) ? 'checking' : state.matches({ replaying: 'playing' }) ? 'playing' : 'finished', total: c.replay.total, played: c.replay.played } : null,
    banner: c.banner,
  });
});
