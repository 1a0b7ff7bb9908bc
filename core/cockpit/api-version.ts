/**
 * The node API version this toolkit is written against, and how a live node's `/health` apiVersion compares.
 * Bee's API is semver'd: a major bump removes or changes endpoints (v2.0 → 5.x, v2.1 → 6.x, v2.2 → 7.x,
 * v2.8.1 → 8.1.0), a minor bump only adds. So same major = compatible; an older minor lacks some fields the
 * toolkit treats as optional.
 */
import { InputError } from '../swarm/input-error.js';

/** Bee release the toolkit targets (bee-api.md §0) and its OpenAPI `Swarm.yaml` version. */
export const EXPECTED_BEE_VERSION = '2.8.1';
export const EXPECTED_API_VERSION = '8.1.0';

export interface ApiVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

export type VersionVerdict = 'same' | 'newerMinor' | 'olderMinor' | 'newerMajor' | 'olderMajor';

export interface VersionComparison {
  readonly expected: string;
  readonly live: string;
  readonly verdict: VersionVerdict;
  /** Same major: every endpoint the toolkit calls exists with the shape it expects. */
  readonly compatible: boolean;
}

/** `8.1.0` (a `v` prefix and a `-pre`/`+build` suffix are tolerated); throws InputError otherwise. */
export function parseApiVersion(text: string): ApiVersion {
  const match = /^v?(\d{1,6})\.(\d{1,6})(?:\.(\d{1,6}))?(?:[-+][0-9A-Za-z.+-]*)?$/.exec(text.trim());
  if (!match) throw new InputError('node API version', text, 'a semantic version such as 8.1.0');
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3] ?? 0) };
}

/** Compares a live apiVersion with EXPECTED_API_VERSION (or `expected`); throws InputError when unparsable. */
export function compareApiVersion(live: string, expected: string = EXPECTED_API_VERSION): VersionComparison {
  const want = parseApiVersion(expected);
  const have = parseApiVersion(live);
  let verdict: VersionVerdict = 'same';
  if (have.major !== want.major) verdict = have.major > want.major ? 'newerMajor' : 'olderMajor';
  else if (have.minor !== want.minor) verdict = have.minor > want.minor ? 'newerMinor' : 'olderMinor';
  return { expected, live, verdict, compatible: have.major === want.major };
}

/** One line for an operator, e.g. `node API 7.3.0 is an older major than the expected 8.1.0: …`. */
export function describeVersionComparison(comparison: VersionComparison): string {
  const { live, expected } = comparison;
  switch (comparison.verdict) {
    case 'same':
      return `node API ${live} matches the expected ${expected}`;
    case 'newerMinor':
      return `node API ${live} is a newer minor than the expected ${expected}: compatible`;
    case 'olderMinor':
      return `node API ${live} is an older minor than the expected ${expected}: compatible, some newer fields will be missing`;
    case 'newerMajor':
      return `node API ${live} is a newer major than the expected ${expected}: endpoints may have changed; use a toolkit built for it`;
    case 'olderMajor':
      return `node API ${live} is an older major than the expected ${expected}: upgrade the node to Bee ${EXPECTED_BEE_VERSION} or later`;
  }
}
