/**
 * Liveness, identity, connectivity and logger endpoints (bee-api.md §2.1, §2.7).
 */
import { LOGGER_VERBOSITIES, type LoggerVerbosity } from '../../../core/cockpit/loggers.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { goDurationToMs } from '../go-duration.js';
import type { CallOptions, Transport } from '../http.js';
import { withoutArrays } from '../json-skim.js';
import { emptyCall, fetchBytes, jsonCall, parseJson, readCapped, readJson } from '../readers.js';
import {
  addressesSchema,
  healthSchema,
  loggersSchema,
  neighborhoodsSchema,
  nodeInfoSchema,
  peersSchema,
  pingpongSchema,
  readinessBodySchema,
  statusPeersSchema,
  statusSnapshotSchema,
  topologySchema,
  topologySummarySchema,
  welcomeMessageSchema,
} from '../schemas/status.js';
import { overlayParam } from '../url.js';

/** 400 from /readiness is Bee saying "not ready": an answer, not a failure. */
export interface Readiness {
  readonly ready: boolean;
  readonly httpStatus: number;
  readonly status?: string;
  readonly version?: string;
  readonly apiVersion?: string;
}

export interface Pong {
  /** As Bee printed it, e.g. `5.0018ms`. */
  readonly rtt: string;
  /** Parsed milliseconds; undefined if Bee printed something unexpected. */
  readonly rttMs?: number;
}

export { LOGGER_VERBOSITIES, type LoggerVerbosity } from '../../../core/cockpit/loggers.js';

export type PprofProfile = 'cpu' | 'heap' | 'goroutine';
export const DEFAULT_PPROF_CPU_SECONDS = 10;
/** A big node's goroutine dump is a few MB, its profiles far less. */
export const PPROF_BODY_LIMIT = 64 * 1024 * 1024;
const PPROF_SPECS: Readonly<Record<PprofProfile, { template: string; query: Readonly<Record<string, number>> }>> = {
  cpu: { template: '/debug/pprof/profile', query: {} },
  heap: { template: '/debug/pprof/heap', query: {} },
  goroutine: { template: '/debug/pprof/goroutine', query: { debug: 2 } },
};

/** The lists of /topology that topologySummary does not read. */
const PEER_LISTS = ['connectedPeers', 'disconnectedPeers'] as const;

/** The most of a /topology text topologySummary parses (the text without its peer lists, or the whole text). */
const SUMMARY_TEXT_LIMIT = 1024 * 1024;

export function statusEndpoints(t: Transport) {
  return {
    health: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/health' }, healthSchema, o),

    readiness: (o?: CallOptions): Promise<Readiness> =>
      t.runWhole({ method: 'GET', template: '/readiness', accept: (s) => s === 200 || s === 400 }, o, async (call) => {
        const body = await readJson(call, readinessBodySchema, {});
        return { ready: call.status === 200, httpStatus: call.status, ...body };
      }),

    node: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/node' }, nodeInfoSchema, o),
    addresses: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/addresses' }, addressesSchema, o),
    status: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/status' }, statusSnapshotSchema, o),
    statusPeers: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/status/peers' }, statusPeersSchema, o),
    statusNeighborhoods: (o?: CallOptions) =>
      jsonCall(t, { method: 'GET', template: '/status/neighborhoods' }, neighborhoodsSchema, o),
    topology: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/topology' }, topologySchema, o),
    /**
     * GET /topology without the peer lists (schemas/status.ts topologySummarySchema says why): they are skimmed
     * off the text before it is parsed (json-skim.ts); the whole text is parsed whenever the skim is unsure. What
     * is parsed is at most SUMMARY_TEXT_LIMIT: a topology's size is its peer lists, and what is left without them
     * is a few KB, so a larger text to parse is not Bee's shape (a 16 MB body of nested arrays, under the 16 MiB
     * cap, took `--once readiness` to 867 MB before json-shape.ts and this).
     */
    topologySummary: (o?: CallOptions) =>
      t.runWhole({ method: 'GET', template: '/topology' }, o, async (call) => {
        const body = await readCapped(call);
        const skimmed = withoutArrays(body, PEER_LISTS);
        if (skimmed !== undefined && skimmed.length <= SUMMARY_TEXT_LIMIT) {
          try {
            return parseJson(call, skimmed, topologySummarySchema);
          } catch {
            // Not what the skim expected: the whole text decides, and its error names the real problem.
          }
        }
        if (body.length > SUMMARY_TEXT_LIMIT) {
          throw call.error('invalid-response', { detail: `a topology of ${body.length} bytes whose peer lists could not be skimmed off (not the shape Bee writes); without them it is over ${SUMMARY_TEXT_LIMIT} bytes`, limitBytes: SUMMARY_TEXT_LIMIT });
        }
        return parseJson(call, body.toString('utf8'), topologySummarySchema);
      }),
    peers: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/peers' }, peersSchema, o),

    pingpong: async (peer: string, o?: CallOptions): Promise<Pong> => {
      const { rtt } = await jsonCall(
        t,
        { method: 'POST', template: '/pingpong/{peer}', params: { peer: overlayParam(peer) } },
        pingpongSchema,
        o,
      );
      const rttMs = goDurationToMs(rtt);
      return rttMs === undefined ? { rtt } : { rtt, rttMs };
    },

    welcomeMessage: async (o?: CallOptions): Promise<string> =>
      (await jsonCall(t, { method: 'GET', template: '/welcome-message' }, welcomeMessageSchema, o)).welcomeMessage,

    loggers: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/loggers' }, loggersSchema, o),

    /**
     * One of Bee's Go runtime profiles (net/http/pprof, mounted on the API port by Bee v2.8.1's
     * pkg/api/router.go mountTechnicalDebug with no flag; `--pprof-profile` and `--pprof-mutex` only add the block
     * and mutex profiles): `cpu` samples for `seconds` (the call lasts that long), `heap` is the heap now, both
     * gzipped protobuf as `go tool pprof` reads them; `goroutine` is every goroutine's stack as text (debug=2).
     */
    pprof: (profile: PprofProfile, options: CallOptions & { readonly seconds?: number } = {}): Promise<Uint8Array> => {
      const { seconds = DEFAULT_PPROF_CPU_SECONDS, ...o } = options;
      const spec = PPROF_SPECS[profile];
      // The CPU profile takes its seconds before the first byte: the call's timeout covers them and a margin.
      const timeoutMs = o.timeoutMs ?? (profile === 'cpu' ? (seconds + 30) * 1000 : 60_000);
      return fetchBytes(t, { method: 'GET', template: spec.template, query: profile === 'cpu' ? { seconds } : spec.query, maxBodyBytes: PPROF_BODY_LIMIT }, { ...o, timeoutMs });
    },

    /**
     * Runtime only (Bee forgets it on restart). `expression` is the plain logger name or regex, e.g. `node/api`;
     * it is base64url-encoded (padded) here because that is what the route expects.
     */
    setLogger: (expression: string, verbosity: LoggerVerbosity, o?: CallOptions) => {
      if (!expression) throw new InputError('logger expression', expression, 'a non-empty logger name or regex');
      if (!LOGGER_VERBOSITIES.includes(verbosity)) {
        throw new InputError('logger verbosity', String(verbosity), LOGGER_VERBOSITIES.join(', '));
      }
      return emptyCall(
        t,
        { method: 'PUT', template: '/loggers/{exp}/{verbosity}', params: { exp: base64UrlPadded(expression), verbosity } },
        o,
      );
    },
  };
}

function base64UrlPadded(text: string): string {
  const plain = Buffer.from(text, 'utf8').toString('base64url');
  return plain + '='.repeat((4 - (plain.length % 4)) % 4);
}
