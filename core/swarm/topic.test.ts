import { Topic } from '@ethersphere/bee-js';
import { describe, expect, it } from 'vitest';
import { topicFromInput } from './topic.js';

describe('topicFromInput (the :pss / S13 / S14 topic rule)', () => {
  it('takes a 32-byte hex topic as given (0x and case ignored)', () => {
    const hex = 'AB'.repeat(32);
    expect(topicFromInput(hex)).toMatchObject({ hex: 'ab'.repeat(32), hashed: false });
    expect(topicFromInput(`0x${hex}`).hex).toBe('ab'.repeat(32));
  });

  it('hashes any other text with keccak256, as bee-js Topic.fromString does', () => {
    for (const text of ['news', 'ab'.repeat(31), 'ünïcødé topic', ' padded ']) {
      const topic = topicFromInput(text);
      expect(topic.hashed).toBe(true);
      expect(topic.hex).toBe(Topic.fromString(text).toHex());
    }
  });

  it('refuses an empty topic', () => {
    expect(() => topicFromInput('')).toThrow(/invalid topic/);
  });
});
