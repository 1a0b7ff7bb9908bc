/** The palette's verb table: usage, description, faces and argument parser of every verb (palette.ts explains the decisions). */
import { parseReplaySpeed } from '../pubsub-replay.js';
import { parseProbeArgs, ProbeUsageError } from '../probe-upload.js';
import { MAX_TIMELINE_ENTRIES } from '../feed-timeline.js';
import { LOGGER_VERBOSITIES } from '../loggers.js';
import { SCREENS, screenByName, type ScreenId } from '../view/screens.js';
import { isPollingPreset, POLLING_PRESETS } from './polling-presets.js';
import { PaletteError, type PaletteVerb } from './palette-command.js';
import { BOTH, keyVerb, noArgs, parseBatch, TERMINAL } from './palette-verb-builders.js';
import { arity, batchPrefix, choiceArgs, feedTopic, feedTopicArg, integer, owner, paletteChoices, probeArgsOf, reference } from './palette-arguments.js';

export const WATCH_DEFAULT_SECONDS = 60;
export const WATCH_MIN_SECONDS = 10;
export const WATCH_MAX_SECONDS = 86_400;

export function screenByAlias(alias: string): ScreenId | undefined {
  return screenByName(alias);
}

export const PALETTE_VERBS: readonly PaletteVerb[] = [
  {
    name: 'go',
    aliases: [],
    usage: ':go <screen>',
    description: 'switch screen (health, stamps, swap, lottery, warmup, peers, network, api, tags, pins, manifest, watchlist, feeds, pubsub, fleet)',
    faces: BOTH,
    parse: (args) => {
      arity(args, 1, 1, ':go <screen>');
      const screen = screenByAlias(args[0]!);
      if (!screen) throw new PaletteError(`:go: unknown screen ${JSON.stringify(args[0])}; one of ${SCREENS.map((s) => s.aliases[0]).join(', ')}`);
      return { kind: 'screen', screen };
    },
  },
  keyVerb('nodes', ['node'], 'pick the active node', { kind: 'picker.open' }),
  {
    name: 'context',
    aliases: ['ctx', 'switch'],
    usage: ':context <name or URL>',
    description: 'switch the active node',
    faces: BOTH,
    parse: (args) => {
      arity(args, 1, 1, ':context <name or URL>');
      return { kind: 'switchNode', target: args[0]! };
    },
  },
  keyVerb('logs', [], 'toggle the log pane', { kind: 'log.toggle' }),
  {
    name: 'polling',
    aliases: [],
    usage: `:polling <${POLLING_PRESETS.join('|')}>`,
    description: 'how often the fleet and the screens poll from now on (live halves the cadence, slow triples it)',
    faces: BOTH,
    parse: (args) => {
      const usage = `:polling <${POLLING_PRESETS.join('|')}>`;
      arity(args, 1, 1, usage);
      const preset = args[0]!.toLowerCase();
      if (!isPollingPreset(preset)) throw new PaletteError(`:polling: unknown preset ${JSON.stringify(args[0])}; one of ${POLLING_PRESETS.join(', ')}`);
      return { kind: 'polling', preset };
    },
  },
  keyVerb('alerts', [], 'toggle the alerts panel', { kind: 'alerts.toggle', list: 'alerts' }),
  keyVerb('help', ['?'], 'keys and verbs', { kind: 'help.open' }),
  keyVerb('quit', ['q', 'exit'], 'exit the cockpit', { kind: 'quit' }),
  {
    name: 'hash',
    aliases: [],
    usage: ':hash [--redundancy 0..4] [--manifest] <path>',
    description: 'the reference an upload of a local file returns (raw bytes at redundancy 0 unless told)',
    faces: BOTH,
    parse: (args) => {
      const { choices, rest } = paletteChoices(args, true, ':hash');
      arity(rest, 1, 1, ':hash [--redundancy 0..4] [--manifest] <path>');
      return { kind: 'oneShot', verb: 'hash', args: [rest[0]!, ...choiceArgs(choices)] };
    },
  },
  {
    name: 'cid',
    aliases: [],
    usage: ':cid <ref> [manifest|feed]',
    description: 'content identifier (CID) of a reference',
    faces: BOTH,
    parse: (args) => {
      arity(args, 1, 2, ':cid <ref> [manifest|feed]');
      const kind = args[1]?.toLowerCase();
      if (kind !== undefined && kind !== 'manifest' && kind !== 'feed') throw new PaletteError(`:cid: unknown type ${JSON.stringify(args[1])}; manifest or feed`);
      return { kind: 'oneShot', verb: 'cid', args: kind ? [reference(args[0]!), kind] : [reference(args[0]!)] };
    },
  },
  {
    name: 'inspect',
    aliases: ['manifest'],
    usage: ':inspect <ref>',
    description: 'open S11 Manifest with that root',
    faces: BOTH,
    parse: (args, word) => {
      if (word === 'manifest' && args.length === 0) return { kind: 'screen', screen: 'manifest' };
      arity(args, 1, 1, ':inspect <ref>');
      return { kind: 'screenCommand', screen: 'manifest', verb: 'inspect', args: [reference(args[0]!)] };
    },
  },
  {
    name: 'feed-timeline',
    aliases: ['ft'],
    usage: ':feed-timeline <owner> <topic> [max]',
    description: 'open S13 Feed Timeline and walk it',
    faces: BOTH,
    parse: (args) => {
      arity(args, 2, 3, ':feed-timeline <owner> <topic> [max]');
      const walked = [owner(args[0]!), feedTopicArg(args[1]!)];
      if (args[2] !== undefined) walked.push(String(integer(args[2], 'max entries', 1, MAX_TIMELINE_ENTRIES)));
      return { kind: 'screenCommand', screen: 'feedTimeline', verb: 'feed-timeline', args: walked };
    },
  },
  {
    name: 'durability',
    aliases: [],
    usage: ':durability <ref>',
    description: 'open S12 Watchlist, add the reference and check it',
    faces: BOTH,
    parse: (args) => {
      arity(args, 1, 1, ':durability <ref>');
      return { kind: 'screenCommand', screen: 'watchlist', verb: 'durability', args: [reference(args[0]!)] };
    },
  },
  {
    name: 'probe-upload',
    aliases: ['probe'],
    usage: ':probe-upload [--size BYTES] [--batch PREFIX] [--deadline SECS]',
    description: 'upload a small random payload here and time when every other configured node can retrieve it',
    faces: BOTH,
    parse: (args) => {
      try {
        const options = parseProbeArgs(args);
        return { kind: 'oneShot', verb: 'probe-upload', args: probeArgsOf(options) };
      } catch (error) {
        if (error instanceof ProbeUsageError) throw new PaletteError(`:probe-upload: ${error.message}`);
        throw error;
      }
    },
  },
  { name: 'radius-doctor', aliases: ['radius'], usage: ':radius-doctor', description: 'why the storage radius and committed depth are where they are, and what to do', faces: BOTH, parse: noArgs({ kind: 'oneShot', verb: 'radius-doctor', args: [] }, ':radius-doctor') },
  {
    name: 'sample-forecast',
    aliases: ['forecast'],
    usage: ':sample-forecast [block-seconds]',
    description: 'run the rchash benchmark and forecast the reserve sample against the round\'s sample window',
    faces: BOTH,
    parse: (args) => {
      arity(args, 0, 1, ':sample-forecast [block-seconds]');
      if (args[0] === undefined) return { kind: 'oneShot', verb: 'sample-forecast', args: [] };
      const seconds = Number(args[0]);
      if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) throw new PaletteError(`:sample-forecast: block-seconds must be a number from 0 to 600, got ${JSON.stringify(args[0])}`);
      return { kind: 'oneShot', verb: 'sample-forecast', args: ['--block-time', String(seconds)] };
    },
  },
  {
    name: 'replicas',
    aliases: [],
    usage: ':replicas <ref> [level]',
    description: 'are the root chunk’s dispersed replicas retrievable (level from the root, or as given)',
    faces: BOTH,
    parse: (args) => {
      arity(args, 1, 2, ':replicas <ref> [level]');
      return { kind: 'oneShot', verb: 'replica-check', args: args[1] === undefined ? [reference(args[0]!)] : [reference(args[0]!), String(integer(args[1], 'level', 0, 4))] };
    },
  },
  {
    name: 'feed-probe',
    aliases: ['fp'],
    usage: ':feed-probe <owner> <topic>',
    description: 'latest feed update: index and payload size',
    faces: BOTH,
    parse: (args) => {
      arity(args, 2, 2, ':feed-probe <owner> <topic>');
      return { kind: 'oneShot', verb: 'feed-probe', args: [owner(args[0]!), feedTopic(args[1]!)] };
    },
  },
  { name: 'stop', aliases: [], usage: ':stop', description: 'stop the node this cockpit runs (waits first while it commits or reveals, with drain_secs); the cockpit stays open', faces: BOTH, parse: noArgs({ kind: 'supervisor', action: 'stop' }, ':stop') },
  { name: 'start', aliases: [], usage: ':start', description: 'start the node this cockpit runs again after :stop, or after it exited, was killed, hit max restarts or was refused', faces: BOTH, parse: noArgs({ kind: 'supervisor', action: 'start' }, ':start') },
  { name: 'drain-check', aliases: [], usage: ':drain-check', description: 'is it safe to stop the node now (no commit or reveal due), and when next will it be', faces: BOTH, parse: noArgs({ kind: 'oneShot', verb: 'drain-check', args: [] }, ':drain-check') },
  {
    name: 'pubsub-replay',
    aliases: [],
    usage: ':pubsub-replay <jsonl> [--speed N|max]',
    description: 'open S14 and play a saved pubsub history into it, at its original pace (or N times faster, or max)',
    faces: BOTH,
    parse: (args) => {
      const at = args.indexOf('--speed');
      const rest = at === -1 ? args : [...args.slice(0, at), ...args.slice(at + 2)];
      arity(rest, 1, 1, ':pubsub-replay <jsonl> [--speed N|max]');
      if (at !== -1 && args[at + 1] === undefined) throw new PaletteError(':pubsub-replay: --speed needs a value (a number above 0, or max)');
      const speed = at === -1 ? '1' : args[at + 1]!;
      try {
        parseReplaySpeed(speed);
      } catch (error) {
        throw new PaletteError(`:pubsub-replay: ${(error as Error).message}`);
      }
      return { kind: 'screenCommand', screen: 'pubsub', verb: 'pubsub-replay', args: [rest[0]!, speed] };
    },
  },
  {
    name: 'diagnose',
    aliases: [],
    usage: ':diagnose [--pprof]',
    description: 'write a diagnostic bundle (10 s profile) to a temp directory; --pprof adds the node’s CPU (10 s), heap and goroutine profiles',
    faces: BOTH,
    parse: (args) => {
      arity(args, 0, 1, ':diagnose [--pprof]');
      if (args[0] !== undefined && args[0] !== '--pprof') throw new PaletteError(`:diagnose: takes --pprof or nothing, not ${JSON.stringify(args[0])}`);
      return { kind: 'oneShot', verb: 'diagnose', args: args[0] === undefined ? [] : ['--pprof'] };
    },
  },
  {
    name: 'upload',
    aliases: [],
    usage: ':upload [--redundancy 0..4] <path> [batch-prefix]',
    description: 'upload a file or directory (redundancy 1 unless told; batch auto-picked without a prefix)',
    faces: BOTH,
    parse: (args) => {
      const { choices, rest } = paletteChoices(args, false, ':upload');
      arity(rest, 1, 2, ':upload [--redundancy 0..4] <path> [batch-prefix]');
      // The path first: the engine tells a file from a directory by it, then hands the rest to the --once verb.
      return { kind: 'oneShot', verb: 'upload', args: [rest[0]!, ...(rest[1] === undefined ? [] : [batchPrefix(rest[1])]), ...choiceArgs(choices)] };
    },
  },
  {
    name: 'pss',
    aliases: [],
    usage: ':pss <topic> <payload> [batch-prefix]',
    description: 'send a PSS message (a 64-hex topic as given, any other text hashed)',
    faces: BOTH,
    parse: (args) => {
      arity(args, 2, 3, ':pss <topic> <payload> [batch-prefix]');
      if (args[0] === '') throw new PaletteError(':pss: the topic is empty');
      return { kind: 'oneShot', verb: 'pss', args: args[2] === undefined ? [args[0]!, args[1]!] : [args[0]!, args[1]!, batchPrefix(args[2])] };
    },
  },
  { name: 'batch', aliases: [], usage: ':batch buy|topup|dilute|extend …', description: 'stamp purchase and change previews (no transaction is sent)', faces: BOTH, parse: parseBatch },
  {
    name: 'watch-ref',
    aliases: [],
    usage: ':watch-ref <ref> [interval-seconds]',
    description: 'keep checking a reference’s durability (default every 60 s, 10..86400)',
    faces: TERMINAL,
    parse: (args) => {
      arity(args, 1, 2, ':watch-ref <ref> [interval-seconds]');
      const ref = reference(args[0]!);
      if (args[1] === undefined) return { kind: 'watchStart', reference: ref, intervalSeconds: WATCH_DEFAULT_SECONDS, clampedFrom: null };
      const asked = integer(args[1], 'interval', 0, Number.MAX_SAFE_INTEGER);
      const interval = Math.min(WATCH_MAX_SECONDS, Math.max(WATCH_MIN_SECONDS, asked));
      return { kind: 'watchStart', reference: ref, intervalSeconds: interval, clampedFrom: interval === asked ? null : asked };
    },
  },
  {
    name: 'watch-ref-stop',
    aliases: [],
    usage: ':watch-ref-stop [ref]',
    description: 'stop one watch, or all without a reference',
    faces: TERMINAL,
    parse: (args) => {
      arity(args, 0, 1, ':watch-ref-stop [ref]');
      return { kind: 'watchStop', reference: args[0] === undefined ? null : reference(args[0]) };
    },
  },
  { name: 'pins-check', aliases: [], usage: ':pins-check', description: 'check every pin in the background, streamed to a file', faces: TERMINAL, parse: noArgs({ kind: 'oneShot', verb: 'pins-check', args: [] }, ':pins-check') },
  { name: 'loggers', aliases: [], usage: ':loggers', description: 'snapshot of the node’s loggers and verbosities', faces: TERMINAL, parse: noArgs({ kind: 'oneShot', verb: 'loggers', args: [] }, ':loggers') },
  {
    name: 'set-logger',
    aliases: [],
    usage: ':set-logger <expression> <verbosity>',
    description: `change a logger until the node restarts (${LOGGER_VERBOSITIES.join(', ')})`,
    faces: TERMINAL,
    parse: (args) => {
      arity(args, 2, 2, ':set-logger <expression> <verbosity>');
      const verbosity = args[1]!.toLowerCase();
      if (!(LOGGER_VERBOSITIES as readonly string[]).includes(verbosity)) {
        throw new PaletteError(`:set-logger: unknown verbosity ${JSON.stringify(args[1])}; one of ${LOGGER_VERBOSITIES.join(', ')}`);
      }
      return { kind: 'oneShot', verb: 'set-logger', args: [args[0]!, verbosity] };
    },
  },
  keyVerb('notifications', [], 'notification history, newest first', { kind: 'alerts.toggle', list: 'notifications' }, TERMINAL),
];
