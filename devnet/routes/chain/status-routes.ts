/**
 * Node and connectivity routes: /health, /readiness, /node, /addresses, /status*, /topology, /peers,
 * /blocklist, /pingpong and /welcome-message (bee-api.md §2.1), computed from the node's NodeChain.
 */
import { beeError, beeJson, type RouteDef } from '../../http/router.js';
import { goDuration, libp2pPeerId, lowerAddress } from '../../chain/formats.js';
import { neighborhoods, ownStatus, peerStatuses } from '../../chain/status.js';
import { simulatedRttMs, topologySnapshot } from '../../chain/topology.js';
import { chainTimeMs } from '../../chain/node-postage.js';
import { beeOk, invalidParams, parseHex32, readJson } from './common.js';
import { nodeFeatures } from '../../node.js';

export const DEVNET_VERSION = '2.8.1-devnet';
export const API_VERSION = '8.1.0';
/** Bee's handshake limit for the welcome message. */
const MAX_WELCOME_LENGTH = 140;

export const statusRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/health',
    rootOnly: true,
    handle: () => beeJson(200, { status: 'ok', version: DEVNET_VERSION, apiVersion: API_VERSION }),
  },
  {
    method: 'GET',
    path: '/readiness',
    rootOnly: true,
    handle: (_req, node) => {
      const ready = !node.chain.faults.warmingUp;
      return beeJson(ready ? 200 : 400, { status: ready ? 'ready' : 'notReady', version: DEVNET_VERSION, apiVersion: API_VERSION });
    },
  },
  {
    method: 'GET',
    path: '/node',
    rootOnly: true,
    // chequebookEnabled is the flag's default (true) even with swap off, as on a real Bee.
    handle: (_req, node) => beeJson(200, { beeMode: 'full', chequebookEnabled: true, swapEnabled: nodeFeatures(node).swap }),
  },
  {
    method: 'GET',
    path: '/addresses',
    rootOnly: true,
    handle: (_req, node) => {
      const chain = node.chain;
      const peerId = libp2pPeerId(chain.publicKeyHex);
      return beeJson(200, {
        overlay: chain.overlayHex,
        underlay: [`/ip4/127.0.0.1/tcp/${chain.p2pPort}/p2p/${peerId}`, `/ip4/127.0.0.1/udp/${chain.p2pPort}/quic-v1/p2p/${peerId}`],
        ethereum: lowerAddress(chain.ethAddress),
        chain_address: lowerAddress(chain.ethAddress),
        publicKey: chain.publicKeyHex,
        pssPublicKey: chain.pssPublicKeyHex,
      });
    },
  },
  { method: 'GET', path: '/status', handle: (_req, node) => beeJson(200, ownStatus(node.chain)) },
  { method: 'GET', path: '/status/peers', handle: (_req, node) => beeJson(200, { snapshots: peerStatuses(node.chain) }) },
  { method: 'GET', path: '/status/neighborhoods', handle: (_req, node) => beeJson(200, { neighborhoods: neighborhoods(node.chain) }) },
  {
    method: 'GET',
    path: '/topology',
    handle: (_req, node) => {
      const chain = node.chain;
      const now = chainTimeMs(chain.chain);
      return beeJson(200, topologySnapshot(chain.overlay, chain.topologyView(), now, Math.max(0, (now - chain.startedMs) / 1000)));
    },
  },
  {
    method: 'GET',
    path: '/peers',
    handle: (_req, node) => beeJson(200, { peers: node.chain.connectedPeers().map((p) => ({ address: p.overlayHex, fullNode: p.fullNode })) }),
  },
  { method: 'GET', path: '/blocklist', handle: () => beeJson(200, { peers: [] }) },
  {
    method: 'POST',
    path: '/pingpong/:address',
    handle: (req, node) => {
      const peer = parseHex32(req.params['address']);
      if (peer === undefined) return invalidParams('address', 'want 64 hex characters');
      if (!node.chain.isConnected(peer)) return beeError(404, 'peer not found');
      return beeJson(200, { rtt: goDuration(simulatedRttMs(node.chain.overlay, peer) * 1_000_000) });
    },
  },
  { method: 'GET', path: '/welcome-message', handle: (_req, node) => beeJson(200, { welcomeMessage: node.chain.welcomeMessage }) },
  {
    method: 'POST',
    path: '/welcome-message',
    handle: async (req, node) => {
      const body = await readJson(() => req.body());
      const message = (body as { welcomeMessage?: unknown } | undefined)?.welcomeMessage;
      if (typeof message !== 'string') return beeError(400, 'invalid welcome message');
      if ([...message].length > MAX_WELCOME_LENGTH) return beeError(400, `welcome message length exceeds maximum of ${MAX_WELCOME_LENGTH}`);
      node.chain.welcomeMessage = message;
      return beeOk();
    },
  },
];
