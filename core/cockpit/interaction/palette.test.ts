import { describe, expect, it } from 'vitest';
import { topicFromInput } from '../../swarm/topic.js';
import { PaletteError, PALETTE_VERBS, parsePaletteLine, splitPaletteLine } from './palette.js';
import { suggestions } from './palette-suggestions.js';

const ref = 'ab'.repeat(32);
const owner = '12'.repeat(20);
const topic = 'cd'.repeat(32);
const parse = (line: string, face: 'desktop' | 'terminal' = 'terminal') => parsePaletteLine(line, face);
const refusal = (line: string, face: 'desktop' | 'terminal' = 'terminal') => {
  try {
    parse(line, face);
  } catch (error) {
    if (error instanceof PaletteError) return error.message;
    throw error;
  }
  throw new Error(`${line} was accepted`);
};

describe('palette parsing', () => {
  it('parses every verb of the spec into its command', () => {
    expect(parse(':go fleet')).toEqual({ kind: 'screen', screen: 'fleet' });
    expect(parse('go 8')).toEqual({ kind: 'screen', screen: 'apiHealth' });
    expect(parse(':stamps')).toEqual({ kind: 'screen', screen: 'stamps' });
    expect(parse(':nodes')).toEqual({ kind: 'key', command: { kind: 'picker.open' } });
    expect(parse(':node')).toEqual({ kind: 'key', command: { kind: 'picker.open' } });
    for (const word of ['context', 'ctx', 'switch']) expect(parse(`:${word} edge-2`)).toEqual({ kind: 'switchNode', target: 'edge-2' });
    expect(parse(':logs')).toEqual({ kind: 'key', command: { kind: 'log.toggle' } });
    expect(parse(':alerts')).toEqual({ kind: 'key', command: { kind: 'alerts.toggle', list: 'alerts' } });
    expect(parse(':?')).toEqual({ kind: 'key', command: { kind: 'help.open' } });
    for (const word of ['quit', 'q', 'exit']) expect(parse(`:${word}`)).toEqual({ kind: 'key', command: { kind: 'quit' } });
    expect(parse(':hash "/tmp/my file.bin"')).toEqual({ kind: 'oneShot', verb: 'hash', args: ['/tmp/my file.bin'] });
    expect(parse(`:cid 0x${ref.toUpperCase()} feed`)).toEqual({ kind: 'oneShot', verb: 'cid', args: [ref, 'feed'] });
    expect(parse(`:inspect ${ref}`)).toEqual({ kind: 'screenCommand', screen: 'manifest', verb: 'inspect', args: [ref] });
    expect(parse(`:manifest ${ref}`)).toEqual({ kind: 'screenCommand', screen: 'manifest', verb: 'inspect', args: [ref] });
    expect(parse(':manifest')).toEqual({ kind: 'screen', screen: 'manifest' });
    expect(parse(`:ft ${owner} ${topic} 20`)).toEqual({ kind: 'screenCommand', screen: 'feedTimeline', verb: 'feed-timeline', args: [owner, topic, '20'] });
    // A text topic is hashed (as :pss does): S13 gets it as typed, :feed-probe its keccak256.
    expect(parse(`:ft ${owner} 'my feed'`)).toMatchObject({ args: [owner, 'my feed'] });
    expect(parse(`:fp ${owner} news`)).toMatchObject({ args: [owner, topicFromInput('news').hex] });
    expect(parse(`:durability ${ref}`)).toEqual({ kind: 'screenCommand', screen: 'watchlist', verb: 'durability', args: [ref] });
    expect(parse(`:fp ${owner} ${topic}`)).toEqual({ kind: 'oneShot', verb: 'feed-probe', args: [owner, topic] });
    expect(parse(`:replicas 0x${ref}`)).toEqual({ kind: 'oneShot', verb: 'replica-check', args: [ref] });
    expect(parse(`:replicas ${ref} 2`)).toEqual({ kind: 'oneShot', verb: 'replica-check', args: [ref, '2'] });
    expect(refusal(`:replicas ${ref} 5`)).toMatch(/level/);
    expect(parse(':probe-upload')).toEqual({ kind: 'oneShot', verb: 'probe-upload', args: ['--size', '1024', '--deadline', '60'] });
    expect(parse(':probe --size 4096 --batch 0xAB12 --deadline 2.5')).toEqual({ kind: 'oneShot', verb: 'probe-upload', args: ['--size', '4096', '--deadline', '2.5', '--batch', 'ab12'] });
    expect(refusal(':probe-upload --size 0')).toMatch(/--size must be 1 to/);
    expect(refusal(':probe-upload --batch xyz')).toMatch(/hex prefix/);
    expect(refusal(':probe-upload 100')).toMatch(/--size BYTES, --batch PREFIX and --deadline SECS/);
    expect(parse(':radius-doctor')).toEqual({ kind: 'oneShot', verb: 'radius-doctor', args: [] });
    expect(parse(':radius')).toEqual({ kind: 'oneShot', verb: 'radius-doctor', args: [] });
    expect(refusal(':radius-doctor now')).toMatch(/:radius-doctor/);
    expect(parse(':sample-forecast')).toEqual({ kind: 'oneShot', verb: 'sample-forecast', args: [] });
    expect(parse(':forecast 1.5')).toEqual({ kind: 'oneShot', verb: 'sample-forecast', args: ['--block-time', '1.5'] });
    expect(refusal(':forecast soon')).toMatch(/block-seconds must be a number from 0 to 600/);
    expect(parse(':diagnose')).toEqual({ kind: 'oneShot', verb: 'diagnose', args: [] });
    expect(parse(':drain-check')).toEqual({ kind: 'oneShot', verb: 'drain-check', args: [] });
    expect(refusal(':drain-check now')).toMatch(/:drain-check/);
    expect(parse(':upload ./site 4A23')).toEqual({ kind: 'oneShot', verb: 'upload', args: ['./site', '4a23'] });
    // The upload choices, anywhere on the line, go after the path (the engine reads the path first).
    expect(parse(':upload --redundancy 0 ./site 4A23')).toEqual({ kind: 'oneShot', verb: 'upload', args: ['./site', '4a23', '--redundancy', '0'] });
    expect(parse(':hash --manifest /tmp/x --redundancy=3')).toEqual({ kind: 'oneShot', verb: 'hash', args: ['/tmp/x', '--redundancy', '3', '--manifest'] });
    expect(parse(":pss 'my topic' hello")).toEqual({ kind: 'oneShot', verb: 'pss', args: ['my topic', 'hello'] });
    expect(parse(':batch buy 20 100000000')).toEqual({ kind: 'oneShot', verb: 'buy-preview', args: ['20', '100000000'] });
    expect(parse(`:batch topup ${ref} 5000`)).toEqual({ kind: 'oneShot', verb: 'topup-preview', args: [ref, '5000'] });
    expect(parse(`:batch dilute ${ref} 24`)).toEqual({ kind: 'oneShot', verb: 'dilute-preview', args: [ref, '24'] });
    expect(parse(`:batch extend ${ref} 86400`)).toEqual({ kind: 'oneShot', verb: 'extend-preview', args: [ref, '86400'] });
    expect(parse(`:watch-ref ${ref}`)).toEqual({ kind: 'watchStart', reference: ref, intervalSeconds: 60, clampedFrom: null });
    expect(parse(`:watch-ref ${ref} 5`)).toEqual({ kind: 'watchStart', reference: ref, intervalSeconds: 10, clampedFrom: 5 });
    expect(parse(`:watch-ref ${ref} 999999`)).toEqual({ kind: 'watchStart', reference: ref, intervalSeconds: 86_400, clampedFrom: 999_999 });
    expect(parse(':watch-ref-stop')).toEqual({ kind: 'watchStop', reference: null });
    expect(parse(`:watch-ref-stop ${ref}`)).toEqual({ kind: 'watchStop', reference: ref });
    expect(parse(':pins-check')).toEqual({ kind: 'oneShot', verb: 'pins-check', args: [] });
    expect(parse(':loggers')).toEqual({ kind: 'oneShot', verb: 'loggers', args: [] });
    expect(parse(':set-logger node/api DEBUG')).toEqual({ kind: 'oneShot', verb: 'set-logger', args: ['node/api', 'debug'] });
    expect(parse(':notifications')).toEqual({ kind: 'key', command: { kind: 'alerts.toggle', list: 'notifications' } });
  });

  it(':polling <preset> on both faces; an unknown preset or none refused, naming the presets', () => {
    expect(parse(':polling live')).toEqual({ kind: 'polling', preset: 'live' });
    expect(parse('polling SLOW', 'desktop')).toEqual({ kind: 'polling', preset: 'slow' });
    expect(refusal(':polling fast')).toBe(':polling: unknown preset "fast"; one of live, default, slow');
    expect(refusal(':polling')).toBe(':polling <live|default|slow>: takes 1 argument, got 0');
  });

  it(':stop and :start on both faces, without arguments (the supervised node; the engine says when there is none)', () => {
    expect(parse(':stop')).toEqual({ kind: 'supervisor', action: 'stop' });
    expect(parse('start', 'desktop')).toEqual({ kind: 'supervisor', action: 'start' });
    expect(refusal(':stop now')).toBe(':stop: takes 0 arguments, got 1');
  });

  it('refuses wrong arity, bad hex and out-of-range numbers with the reason', () => {
    expect(refusal(':ft')).toBe(':feed-timeline <owner> <topic> [max]: takes 2 to 3 arguments, got 0');
    expect(refusal(':hash')).toBe(':hash [--redundancy 0..4] [--manifest] <path>: takes 1 argument, got 0');
    expect(refusal(':hash --redundancy 7 a')).toMatch(/^:hash: invalid --redundancy "7": expected a level 0..4/);
    expect(refusal(':upload --manifest a')).toMatch(/^:upload: invalid option "--manifest": expected hash to take --manifest/);
    expect(refusal(':logs now')).toBe(':logs: takes 0 arguments, got 1');
    expect(refusal(':inspect 1234')).toMatch(/^invalid reference "1234": expected 64 or 128 hex/);
    expect(refusal(`:ft ${owner.slice(2)} ${topic}`)).toMatch(/^invalid feed owner/);
    expect(refusal(`:ft ${owner} ${topic} 0`)).toBe('invalid max entries 0: expected 1 to 1000');
    expect(refusal(':batch buy 16')).toBe('invalid depth 16: expected 17 to 255');
    expect(refusal(':batch buy 20 -5')).toMatch(/^invalid amount "-5"/);
    expect(refusal(':batch sell 1')).toMatch(/unknown action "sell"/);
    expect(refusal(`:batch topup ${ref.slice(1)} 5`)).toMatch(/^invalid batch ID/);
    expect(refusal(':upload x zz')).toMatch(/^invalid batch prefix "zz"/);
    expect(refusal(':set-logger x loud')).toMatch(/unknown verbosity "loud"/);
    expect(refusal(':go nowhere')).toMatch(/unknown screen "nowhere"/);
    expect(refusal(':helth')).toBe('unknown verb :helth (did you mean :health?); :help lists them');
    expect(refusal('')).toBe('type a verb, e.g. :help');
  });

  it('keeps the terminal extras to the terminal', () => {
    expect(refusal(`:watch-ref ${ref}`, 'desktop')).toMatch(/terminal cockpit verb/);
    expect(parse(':upload ./a', 'desktop')).toEqual({ kind: 'oneShot', verb: 'upload', args: ['./a'] });
    expect(PALETTE_VERBS.filter((verb) => !verb.faces.includes('desktop')).map((verb) => verb.name)).toEqual([
      'watch-ref', 'watch-ref-stop', 'pins-check', 'loggers', 'set-logger', 'notifications',
    ]);
  });

  it('splits quoted words', () => {
    expect(splitPaletteLine(`upload "a b" 'c d' e`)).toEqual(['upload', 'a b', 'c d', 'e']);
  });
});

describe('palette suggestions', () => {
  it('lists every verb of the face, then the screens, for an empty input', () => {
    const all = suggestions('', 'desktop');
    expect(all[0]!.usage).toBe(':go <screen>');
    expect(all.some((s) => s.usage.startsWith(':watch-ref'))).toBe(false);
    expect(suggestions('', 'terminal').some((s) => s.usage.startsWith(':watch-ref'))).toBe(true);
    expect(all.at(-1)!.usage).toBe(':fleet');
  });

  it('filters by prefix of a verb, alias or screen name first, then by substring', () => {
    expect(suggestions('fe', 'desktop').map((s) => s.usage.split(' ')[0])).toEqual([':feed-timeline', ':feed-probe', ':feeds', ':inspect', ':manifest']);
    expect(suggestions(':ft', 'desktop')[0]!.usage).toBe(':feed-timeline <owner> <topic> [max]');
    expect(suggestions('watch', 'terminal').map((s) => s.usage.split(' ')[0]).slice(0, 3)).toEqual([':watch-ref', ':watch-ref-stop', ':watchlist']);
  });
});
