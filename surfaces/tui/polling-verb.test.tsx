/**
 * `:polling <preset>` in the terminal face (issue 28 item 4), drawn by Ink (ink-testing-library) over the real
 * engine: the palette line typed key by key as the face sends it, the engine's banner naming the new cadence
 * drawn, a bad preset refused in red with the presets named. The node is a loopback port nothing listens on:
 * the verb changes the cockpit's own pollers, not the node.
 */
import { closedPort } from '../../test/tui/cockpit-session.js';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { startCockpitEngine } from '../../actors/cockpit/engine.js';
import { engineConfigForUrls } from '../../core/cockpit/interaction/config.js';
import type { CockpitUiEvent } from '../../core/cockpit/view/ui-events.js';
import { CockpitApp } from './components/App.js';
import { renderSized, settle } from './testing/render-sized.js';

const engines: { stop(): Promise<unknown> }[] = [];

afterEach(async () => {
  cleanup();
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await settle(20);
  }
}

describe(':polling in the terminal face (Ink, real engine)', () => {
  it('types :polling slow, then live: the banner says the new cadence; :polling fast is refused', async () => {
    const engine = startCockpitEngine({ face: 'terminal', config: engineConfigForUrls([`http://127.0.0.1:${await closedPort()}`]) });
    engines.push(engine);
    const ui = renderSized(<CockpitApp engine={engine} />, 120, 30);
    const type = async (line: string) => {
      const keys: CockpitUiEvent[] = [{ type: 'ui.key', key: ':' }, ...[...line].map((key): CockpitUiEvent => ({ type: 'ui.key', key })), { type: 'ui.key', key: 'Enter' }];
      for (const key of keys) {
        engine.send(key);
        await settle(5);
      }
    };
    const shows = (text: string) => () => ui.screen().some((row) => row.includes(text));
    await type('polling slow');
    await until(shows('polling slow: the fleet and S1 Health every 30 s, S2 Stamps every 90 s'), 'the slow banner');
    await type('polling live');
    await until(shows('polling live: the fleet and S1 Health every 5 s, S2 Stamps every 15 s'), 'the live banner');
    await type('polling fast');
    await until(shows(':polling: unknown preset "fast"; one of live, default, slow'), 'the refusal');
  });
});
