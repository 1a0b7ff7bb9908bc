/**
 * Chain-state routes: /chainstate, /reservestate, /redistributionstate, /rchash, /wallet and /stake
 * (bee-api.md §2.1, §2.2, §8). BigInt fields are decimal strings, as Bee's bigint JSON encoding.
 */
import { beeError, beeJson, type RouteDef } from '../../http/router.js';
import { lowerAddress } from '../../chain/formats.js';
import { parseAnchor, reserveSample } from '../../chain/rchash.js';
import { invalidParams, parseBigIntParam, parseUint8Param } from './common.js';
import { nodeFeatures } from '../../node.js';
import { ZERO_ADDRESS } from './swap-routes.js';

/** The simulated staking contract (the `to` of stake transactions). */
const STAKING_CONTRACT = '0x445b848e16730988f871c4a09ab74526d27c2ce8';

export const chainStateRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/chainstate',
    rootOnly: true,
    handle: (_req, node) => {
      const state = node.chain.chainState();
      return beeJson(200, {
        chainTip: state.chainTip,
        block: state.block,
        totalAmount: state.totalAmount.toString(),
        currentPrice: state.currentPrice.toString(),
        ...(state.minimumValidityBlocks > 0 ? { minimumValidityBlocks: state.minimumValidityBlocks } : {}),
      });
    },
  },
  { method: 'GET', path: '/reservestate', handle: (_req, node) => beeJson(200, node.chain.reserveState()) },
  {
    method: 'GET',
    path: '/redistributionstate',
    handle: (_req, node) => {
      if (!nodeFeatures(node).storageIncentives) return beeError(403, 'Storage incentives are disabled. This endpoint is unavailable.');
      const chain = node.chain;
      const lottery = chain.lottery;
      const block = chain.syncedBlock();
      return beeJson(200, {
        minimumGasFunds: chain.minimumGasFunds().toString(),
        hasSufficientFunds: chain.hasSufficientFunds(),
        isFrozen: chain.faults.frozen,
        isFullySynced: chain.isFullySynced(),
        isHealthy: chain.isHealthy(),
        phase: lottery.phaseAt(block),
        round: Math.floor(block / 152),
        lastWonRound: lottery.lastWonRound,
        lastPlayedRound: lottery.lastPlayedRound,
        lastFrozenRound: lottery.lastFrozenRound,
        lastSelectedRound: lottery.lastSelectedRound,
        lastSampleDurationSeconds: lottery.lastSampleDurationSeconds,
        block,
        reward: lottery.reward.toString(),
        fees: lottery.fees.toString(),
      });
    },
  },
  {
    method: 'GET',
    path: '/rchash/:depth/:anchor1/:anchor2',
    handle: (req, node) => {
      // Bee v2.8.1 has no redistribution agent with incentives off, and the handler dereferences it: the
      // panic closes the connection without an answer (seen on the bee-cluster).
      if (!nodeFeatures(node).storageIncentives) return { status: 500, hangUp: true };
      const depth = parseUint8Param(req.params['depth']);
      if (depth === undefined) return invalidParams('depth', 'want an integer from 0 to 255');
      const anchor1 = parseAnchor(req.params['anchor1'] ?? '');
      if (!anchor1) return invalidParams('anchor1', 'want hex');
      const anchor2 = parseAnchor(req.params['anchor2'] ?? '');
      if (!anchor2) return invalidParams('anchor2', 'want hex');
      const batchId = node.chain.chain.allBatches()[0]?.batchId ?? '00'.repeat(32);
      return beeJson(200, reserveSample({ overlay: node.chain.overlay, depth, anchor1, anchor2, batchId, durationSeconds: node.chain.faults.rchashSeconds }));
    },
  },
];

/** Every /stake* route holds the node's one staking lock, as Bee's stakingAccessHandler does. */
function stakingAccess(route: RouteDef): RouteDef {
  return {
    ...route,
    handle: async (req, node) => {
      const outcome = await node.chain.serializedStakingCall(() => route.handle(req, node));
      return outcome.busy ? beeError(429, 'simultaneous on-chain operations not supported') : outcome.value;
    },
  };
}

const unserializedWalletRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/wallet',
    handle: (_req, node) => {
      const chain = node.chain;
      return beeJson(200, {
        bzzBalance: chain.wallet.bzzBalance.toString(),
        nativeTokenBalance: chain.nativeBalance().toString(),
        chainID: chain.chain.chainId,
        chequebookContractAddress: nodeFeatures(node).swap ? lowerAddress(chain.chequebookAddress) : ZERO_ADDRESS,
        walletAddress: lowerAddress(chain.ethAddress),
      });
    },
  },
  {
    method: 'POST',
    path: '/wallet/withdraw/:coin',
    handle: (req, node) => {
      const coin = (req.params['coin'] ?? '').toLowerCase();
      if (coin !== 'bzz' && coin !== 'nativetoken') return invalidParams('coin', 'want bzz or nativetoken');
      const amount = parseBigIntParam(req.query.get('amount') ?? undefined);
      if (amount === undefined) return invalidParams('amount', 'want a decimal integer', 'invalid query params');
      const address = req.query.get('address') ?? '';
      if (!/^(0x)?[0-9a-fA-F]{40}$/.test(address)) return invalidParams('address', 'want a 20-byte hex address', 'invalid query params');
      const chain = node.chain;
      if (!chain.withdrawWhitelist.includes(lowerAddress(address))) return beeError(400, 'provided address not whitelisted');
      if (coin === 'bzz' ? !chain.wallet.spendBzz(amount) : amount > chain.wallet.nativeBalance) return beeError(400, 'not enough balance');
      if (coin === 'nativetoken') chain.wallet.spendNative(amount);
      return beeJson(200, { transactionHash: chain.submitTransaction(address, `withdraw ${coin}`, coin === 'nativetoken' ? amount : 0n) });
    },
  },
  { method: 'GET', path: '/stake', handle: (_req, node) => beeJson(200, { stakedAmount: node.chain.stake().toString() }) },
  {
    method: 'POST',
    path: '/stake/:amount',
    handle: (req, node) => {
      const amount = parseBigIntParam(req.params['amount']);
      if (amount === undefined) return invalidParams('amount', 'want a decimal integer');
      const chain = node.chain;
      if (chain.stakedAmount + amount < chain.minimumStake()) return beeError(400, 'insufficient stake amount');
      if (!chain.wallet.spendBzz(amount)) return beeError(400, 'out of funds');
      chain.stakedAmount += amount;
      return beeJson(200, { txHash: chain.submitTransaction(STAKING_CONTRACT, `stake deposit ${amount}`) });
    },
  },
  { method: 'GET', path: '/stake/withdrawable', handle: (_req, node) => beeJson(200, { withdrawableAmount: node.chain.withdrawableStake().toString() }) },
  {
    method: 'DELETE',
    path: '/stake/withdrawable',
    handle: (_req, node) => {
      const chain = node.chain;
      const surplus = chain.withdrawableStake();
      chain.stakedAmount -= surplus;
      chain.wallet.creditBzz(surplus);
      return beeJson(200, { txHash: chain.submitTransaction(STAKING_CONTRACT, `stake withdraw ${surplus}`) });
    },
  },
];

export const walletRoutes: RouteDef[] = unserializedWalletRoutes.map((route) => (route.path.startsWith('/stake') ? stakingAccess(route) : route));
