/**
 * `--once cid <ref> [manifest|feed]`: the Swarm CID of a 64-hex reference (multibase base32 of CIDv1 with
 * codec swarm-manifest 0xfa or swarm-feed 0xfb and a keccak-256 multihash; bee-api.md §7), equal to
 * @ethersphere/swarm-cid's `encodeReference`. Given a CID instead of a reference it decodes it (the type
 * argument must then match the CID's codec, if given). Pure: no node. Text: the CID (or the reference).
 * Encrypted (128-hex) references have no CID form: a usage error that says so.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { decodeCid, encodeCid, type CidType } from '../../../core/swarm/cid.js';
import { hexToBytes } from '../../../core/swarm/bytes.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { argument, checkArity } from './node.js';
import { OnceUsageError, type OnceResult, type OnceRun } from './verb.js';

const CODEC: Record<CidType, 'swarm-manifest' | 'swarm-feed'> = { manifest: 'swarm-manifest', feed: 'swarm-feed' };

export const details = `Arguments:
  <ref>              a 64-hex reference (0x allowed), or a Swarm CID (bah5…) to decode
  [manifest|feed]    the CID codec (default manifest: what /bzz and <cid>.swarm.localhost serve)`;

export const run: OnceRun = async (args) => {
  checkArity('cid', args, { min: 1, max: 2, usage: '<ref> [manifest|feed]' });
  const [input = '', typeArg] = args;
  if (typeArg !== undefined && typeArg !== 'manifest' && typeArg !== 'feed') {
    throw new OnceUsageError(`invalid CID type ${JSON.stringify(typeArg)}: expected manifest or feed`);
  }
  const clean = input.startsWith('0x') || input.startsWith('0X') ? input.slice(2) : input;
  let data: OnceData<'cid'>;
  if (/^[0-9a-fA-F]{128}$/.test(clean)) {
    throw new OnceUsageError('an encrypted (128-hex) reference has no CID form: CIDs carry 32-byte references only');
  } else if (/^[0-9a-fA-F]+$/.test(clean)) {
    // All hex is a reference (a CID is 61 base32 characters and always holds non-hex letters: 'bah5…').
    const reference = argument(() => {
      if (clean.length !== 64) throw new InputError('reference', input, '64 hex characters (a 32-byte reference), optional 0x');
      return clean.toLowerCase();
    });
    const type = typeArg ?? 'manifest';
    data = { reference, type, cid: encodeCid(hexToBytes(reference), type), codec: CODEC[type], direction: 'encode' };
  } else {
    const decoded = argument(() => decodeCid(input));
    if (typeArg !== undefined && typeArg !== decoded.type) {
      throw new OnceUsageError(`the CID ${input} is a ${decoded.type} CID, not a ${typeArg} one`);
    }
    data = { reference: decoded.reference, type: decoded.type, cid: input.trim().toLowerCase(), codec: CODEC[decoded.type], direction: 'decode' };
  }
  const result: OnceResult = { verb: 'cid', status: 'ok', data };
  return result;
};
