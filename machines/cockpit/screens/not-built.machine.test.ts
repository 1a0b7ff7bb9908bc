import { expect } from 'vitest';
import { describeMachineModel } from '../../../test/model-based.js';
import { notBuiltScreenMachine } from './not-built.machine.js';

describeMachineModel(notBuiltScreenMachine, {
  input: { node: { name: 'n1', url: 'http://127.0.0.1:1633' }, face: 'terminal', visible: false },
  states: { waiting: (s) => expect(s.context.node.name).toBe('n1') },
});
