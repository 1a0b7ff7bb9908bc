/**
 * retcheck's positional INPUT: a Swarm reference, or a feed handle `feed:<OWNER>:<TOPIC>` /
 * `feed:<OWNER>/<TOPIC>` (spec 1, "Input"). Errors say which part is wrong so the operator can fix
 * the one piece instead of re-reading the whole string.
 */
import { InputError } from './input-error.js';
import { REFERENCE_EXPECTATION, hexProblem, parseEthAddress, parseReference, parseTopic, type SwarmReference } from './references.js';

export type CheckInput =
  | { kind: 'reference'; reference: SwarmReference }
  | { kind: 'feed'; /** 40 hex, lowercase */ owner: string; /** 64 hex, lowercase */ topic: string };

const FEED_PREFIX = 'feed:';
const FEED_EXPECTATION = 'feed:<OWNER>:<TOPIC> or feed:<OWNER>/<TOPIC> (OWNER 40 hex, TOPIC 64 hex)';

export function parseCheckInput(input: string): CheckInput {
  if (typeof input !== 'string') throw new InputError('input', String(input), `a reference or ${FEED_EXPECTATION}`);
  const trimmed = input.trim();
  if (trimmed.slice(0, FEED_PREFIX.length).toLowerCase() === FEED_PREFIX) return parseFeedHandle(trimmed);
  if (trimmed.includes(':') || trimmed.includes('/')) {
    // Looks like an attempt at a handle with a wrong prefix ("fed:", "feeds:") rather than a reference.
    throw new InputError('input', input, `a reference (${REFERENCE_EXPECTATION}) or a feed handle ${FEED_EXPECTATION}`);
  }
  try {
    return { kind: 'reference', reference: parseReference(trimmed) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const clean = trimmed.startsWith('0x') || trimmed.startsWith('0X') ? trimmed.slice(2) : trimmed;
    const detail = hexProblem(clean, [64, 128]) ?? error.expected;
    throw new InputError('input', input, `a reference (${REFERENCE_EXPECTATION}) or a feed handle ${FEED_EXPECTATION}; ${detail}`);
  }
}

function parseFeedHandle(handle: string): CheckInput {
  const body = handle.slice(FEED_PREFIX.length);
  const separators = [...body].filter((c) => c === ':' || c === '/').length;
  if (separators !== 1) {
    const found = separators === 0 ? 'no separator between OWNER and TOPIC' : `${separators} separators`;
    throw new InputError('feed handle', handle, `${FEED_EXPECTATION}; found ${found}`);
  }
  const [ownerText = '', topicText = ''] = body.split(/[:/]/);
  const owner = parseEthAddress(ownerText, 'feed owner');
  const topic = parseTopic(topicText, 'feed topic');
  return { kind: 'feed', owner: owner.hex, topic: topic.hex };
}
