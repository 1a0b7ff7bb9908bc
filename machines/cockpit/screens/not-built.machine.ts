/**
 * The registry's default for a screen whose machine has not landed yet: it accepts every ScreenEvent and does
 * nothing, and its content (core/cockpit/screens/not-built.ts) says so in one line. The screen helpers replace
 * the registry entries one by one.
 *
 * States
 * - waiting: nothing to do; ScreenEvents are accepted and ignored, so the engine may forward anything.
 */
import { setup } from 'xstate';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import type { ScreenInput } from './screen-definition.js';

export const notBuiltScreenMachine = setup({
  types: {} as { input: ScreenInput; events: ScreenEvent; context: { readonly node: ScreenInput['node'] } },
}).createMachine({
  id: 'cockpitScreenNotBuilt',
  description: 'A screen without a model yet: accepts every screen event and ignores it.',
  context: ({ input }) => ({ node: input.node }),
  initial: 'waiting',
  states: {
    waiting: { description: 'Nothing to poll or show; the content says the screen is not built yet.' },
  },
});
