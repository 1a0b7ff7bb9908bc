import { describe, expect, it } from 'vitest';
import { maxFdsFrom, readProcessFacts, virtualBytesFrom } from './process-facts.js';

describe('process facts for the process_* series', () => {
  it('reads the soft open-files limit and vsize from /proc text, a command name with spaces and parentheses included', () => {
    const limits = 'Limit                     Soft Limit           Hard Limit           Units     \nMax cpu time              unlimited            unlimited            seconds   \nMax open files            1024                 524288               files     \n';
    expect(maxFdsFrom(limits)).toBe(1024);
    expect(maxFdsFrom(limits.replace('1024   ', 'unlimited'))).toBeUndefined();
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3));
    fields[23 - 3] = '987654321';
    expect(virtualBytesFrom(`42 (node (x) y) ${fields.join(' ')}`)).toBe(987_654_321);
  });

  it.runIf(process.platform === 'linux')('reads this process on Linux', () => {
    const facts = readProcessFacts();
    expect(facts.openFds).toBeGreaterThan(2);
    expect(facts.maxFds).toBeGreaterThanOrEqual(facts.openFds!);
    expect(facts.virtualBytes).toBeGreaterThan(facts.residentBytes);
    expect(facts.startTimeSeconds).toBeLessThanOrEqual(Date.now() / 1000);
  });
});
