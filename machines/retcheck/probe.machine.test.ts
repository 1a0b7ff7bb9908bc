/** Model-based test of the multi-vantage probe: every order of answers, strays ignored, output in input order. */
import { expect } from 'vitest';
import type { GatewayResult, VantageResult } from '../../config-schema/retcheck-report.js';
import { describeMachineModel } from '../../test/model-based.js';
import { probeMachine, selectProbeProgress, type ProbeInput } from './probe.machine.js';

const input: ProbeInput = { reference: 'ab'.repeat(32), nodes: ['http://a', 'http://b'], gateways: ['http://g'], timeoutMs: 1000 };
const yes: VantageResult = { node_url: 'http://a', retrievable: true, elapsed_ms: 3, overlay: '00'.repeat(32), node_version: '2.8.1' };
const failed: VantageResult = { node_url: 'http://b', retrievable: null, elapsed_ms: 9, error: 'GET http://b/stewardship -> connection refused' };
const gateway: GatewayResult = { url: 'http://g', retrievable: false, elapsed_ms: 4, status_code: 404, error: null };

describeMachineModel(probeMachine, {
  input,
  events: {
    'vantage.answered': {
      a: { type: 'vantage.answered', index: 0, result: yes },
      b: { type: 'vantage.answered', index: 1, result: failed },
      stray: { type: 'vantage.answered', index: 7, result: yes },
    },
    'gateway.answered': { g: { type: 'gateway.answered', index: 0, result: gateway } },
  },
  states: {
    probing: (s, probe) => {
      expect(probe.inputOf('targets')).toEqual(input);
      const { answered, total } = selectProbeProgress(s);
      expect(total).toBe(3);
      expect(answered).toBeLessThan(3);
    },
    done: (s) => {
      expect(s.status).toBe('done');
      expect(s.output).toEqual({ vantages: [yes, failed], gateways: [gateway] });
    },
  },
});
