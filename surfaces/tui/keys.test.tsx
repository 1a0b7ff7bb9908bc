import { describe, expect, it } from 'vitest';
import { Text } from 'ink';
import type { CockpitUiEvent } from '../../core/cockpit/view/ui-events.js';
import { NAMED_KEYS } from '../../core/cockpit/view/ui-events.js';
import { keyEventsFor, type InkKeyFlags } from './keys.js';
import { settle } from './testing/render-sized.js';
import { renderOnTty } from './testing/tty-stdin.js';
import { useCockpitKeys } from './use-cockpit-keys.js';

const NO_FLAGS: InkKeyFlags = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageUp: false, pageDown: false, home: false, end: false,
  return: false, escape: false, tab: false, backspace: false, delete: false, ctrl: false, shift: false, meta: false,
};

function KeyProbe({ send }: { readonly send: (event: CockpitUiEvent) => void }) {
  useCockpitKeys(send);
  return <Text>keys</Text>;
}

/** What the face sends for the bytes a terminal writes (each string one read), through Ink's own input parsing. */
async function eventsFor(...writes: string[]): Promise<CockpitUiEvent[]> {
  const sent: CockpitUiEvent[] = [];
  const ui = renderOnTty(<KeyProbe send={(event) => sent.push(event)} />);
  await settle(10);
  for (const bytes of writes) {
    ui.write(bytes);
    await settle(20);
  }
  ui.unmount();
  return sent;
}

describe('terminal keys -> ui.key', () => {
  const cases: [string, string, CockpitUiEvent[]][] = [
    ['Alt+1 (ESC 1)', '\u001b1', [{ type: 'ui.key', key: '1', alt: true }]],
    ['Alt+5', '\u001b5', [{ type: 'ui.key', key: '5', alt: true }]],
    ['Shift+Tab (CSI Z)', '\u001b[Z', [{ type: 'ui.key', key: 'Tab', shift: true }]],
    ['Tab', '\t', [{ type: 'ui.key', key: 'Tab' }]],
    ['Enter', '\r', [{ type: 'ui.key', key: 'Enter' }]],
    ['Escape', '\u001b', [{ type: 'ui.key', key: 'Escape' }]],
    ['Ctrl+N', '\u000e', [{ type: 'ui.key', key: 'n', ctrl: true }]],
    ['Ctrl+P', '\u0010', [{ type: 'ui.key', key: 'p', ctrl: true }]],
    ['Ctrl+L', '\u000c', [{ type: 'ui.key', key: 'l', ctrl: true }]],
    ['Ctrl+A', '\u0001', [{ type: 'ui.key', key: 'a', ctrl: true }]],
    ['Ctrl+Alt+N (ESC ^N)', '\u001b\u000e', [{ type: 'ui.key', key: 'n', ctrl: true, alt: true }]],
    ['Ctrl+C (the binding table makes it quit)', '\u0003', [{ type: 'ui.key', key: 'c', ctrl: true }]],
    ['Backspace (DEL)', '\u007f', [{ type: 'ui.key', key: 'Backspace' }]],
    ['Backspace (^H)', '\b', [{ type: 'ui.key', key: 'Backspace' }]],
    ['Delete (CSI 3~)', '\u001b[3~', [{ type: 'ui.key', key: 'Delete' }]],
    ['Up', '\u001b[A', [{ type: 'ui.key', key: 'Up' }]],
    ['Down (SS3 form)', '\u001bOB', [{ type: 'ui.key', key: 'Down' }]],
    ['Shift+Down', '\u001b[1;2B', [{ type: 'ui.key', key: 'Down', shift: true }]],
    ['Left', '\u001b[D', [{ type: 'ui.key', key: 'Left' }]],
    ['Right', '\u001b[C', [{ type: 'ui.key', key: 'Right' }]],
    ['PageUp', '\u001b[5~', [{ type: 'ui.key', key: 'PageUp' }]],
    ['PageDown', '\u001b[6~', [{ type: 'ui.key', key: 'PageDown' }]],
    ['Home', '\u001b[H', [{ type: 'ui.key', key: 'Home' }]],
    ['End', '\u001b[F', [{ type: 'ui.key', key: 'End' }]],
    ['Home (rxvt)', '\u001b[1~', [{ type: 'ui.key', key: 'Home' }]],
    ['Shift+L', 'L', [{ type: 'ui.key', key: 'L', shift: true }]],
    ['j', 'j', [{ type: 'ui.key', key: 'j' }]],
    [':', ':', [{ type: 'ui.key', key: ':' }]],
    ['?', '?', [{ type: 'ui.key', key: '?' }]],
    ['space', ' ', [{ type: 'ui.key', key: ' ' }]],
    ['a non-ASCII letter', 'é', [{ type: 'ui.key', key: 'é' }]],
    ['keys typed faster than read: one key per character', 'ab:C\r', [
      { type: 'ui.key', key: 'a' }, { type: 'ui.key', key: 'b' }, { type: 'ui.key', key: ':' }, { type: 'ui.key', key: 'C', shift: true }, { type: 'ui.key', key: 'Enter' },
    ]],
    ['a bracketed paste: the text whole, no keys', '\u001b[200~ab:C\r\nq\u001b[201~', [{ type: 'ui.paste', text: 'ab:C\r\nq' }]],
    ['Backspace then Delete in one read', '\u007f\u001b[3~', [{ type: 'ui.key', key: 'Backspace' }, { type: 'ui.key', key: 'Delete' }]],
    ['a function key is no cockpit key', '\u001b[15~', []],
  ];
  for (const [name, bytes, expected] of cases) {
    it(name, async () => {
      expect(await eventsFor(bytes)).toEqual(expected);
    });
  }

  it('names only keys of NAMED_KEYS and single characters', async () => {
    const all = (await Promise.all(cases.map(([, bytes]) => eventsFor(bytes)))).flat();
    for (const event of all) {
      if (event.type !== 'ui.key') continue;
      expect(Array.from(event.key).length === 1 || (NAMED_KEYS as readonly string[]).includes(event.key)).toBe(true);
    }
  });
});

describe('bytes split across reads', () => {
  it('a paste in several reads is one paste; keys after it are keys again', async () => {
    expect(await eventsFor('\u001b[200~hello ', 'world\u001b[201~', 'j')).toEqual([{ type: 'ui.paste', text: 'hello world' }, { type: 'ui.key', key: 'j' }]);
  });

  it('tells Delete from Backspace read by read', async () => {
    expect(await eventsFor('\u001b[3~', '\u007f', '\u001b[3;5~')).toEqual([{ type: 'ui.key', key: 'Delete' }, { type: 'ui.key', key: 'Backspace' }, { type: 'ui.key', key: 'Delete', ctrl: true }]);
  });
});

describe('keyEventsFor', () => {
  it('reads Ink\'s delete as the key the bytes said, Backspace without them', () => {
    expect(keyEventsFor('', { ...NO_FLAGS, delete: true })).toEqual([{ type: 'ui.key', key: 'Backspace' }]);
    expect(keyEventsFor('', { ...NO_FLAGS, delete: true }, 'Delete')).toEqual([{ type: 'ui.key', key: 'Delete' }]);
  });

  it('does not report Escape as an Alt chord, although Ink marks it meta', () => {
    expect(keyEventsFor('', { ...NO_FLAGS, escape: true, meta: true })).toEqual([{ type: 'ui.key', key: 'Escape' }]);
  });

  it('splits coalesced input and drops control bytes that are no key', () => {
    expect(keyEventsFor('x\u0000\u001fy\u0003', NO_FLAGS)).toEqual([{ type: 'ui.key', key: 'x' }, { type: 'ui.key', key: 'y' }, { type: 'ui.key', key: 'c', ctrl: true }]);
  });

  it('reports a kitty Super key as meta', () => {
    expect(keyEventsFor('k', { ...NO_FLAGS, super: true })).toEqual([{ type: 'ui.key', key: 'k', meta: true }]);
  });
});
