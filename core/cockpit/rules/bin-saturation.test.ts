import { describe, expect, it } from 'vitest';
import { classifyBins, isJudgedBin, starvingBins } from './bin-saturation.js';

describe('bin saturation rule', () => {
  it('judges the bins below the depth, and bin 0 alone at depth 0', () => {
    expect([0, 1, 2, 3].map((po) => isJudgedBin(po, 3))).toEqual([true, true, true, false]);
    expect([0, 1].map((po) => isJudgedBin(po, 0))).toEqual([true, false]);
  });

  it('classifies 32 bins: saturated at 8, starving 1-7, empty 0, neighbourhood from the depth on', () => {
    const bins = classifyBins([9, 8, 7, 0, 2, 1], 4);
    expect(bins).toHaveLength(32);
    expect(bins.slice(0, 6).map((b) => b.state)).toEqual(['saturated', 'saturated', 'starving', 'empty', 'neighbourhood', 'neighbourhood']);
    expect(bins[31]).toEqual({ po: 31, connected: 0, state: 'neighbourhood' });
  });

  it('lists starving bins worst first: fewest peers, then nearest the depth', () => {
    expect(starvingBins([8, 3, 8, 3, 0, 8], 6).map((b) => b.po)).toEqual([4, 3, 1]);
    expect(starvingBins([8, 8, 8], 3)).toEqual([]);
    expect(starvingBins([], 0)).toEqual([{ po: 0, connected: 0, state: 'empty' }]);
  });
});
