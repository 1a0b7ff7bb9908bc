/** The one-line machine description `devnet --json` prints: every node's URL, overlay, log file and batch. */
import type { StartedDevnet } from './devnet.js';

export interface DevnetDescription {
  nodes: { url: string; overlay: string; ethAddress: string; logFile: string; batchId?: string }[];
  gateways: { url: string }[];
  logDir: string;
  /** Path of the control API on every node. */
  control: string;
}

export function describeDevnet(devnet: StartedDevnet): DevnetDescription {
  return {
    nodes: devnet.nodes.map(({ url, overlay, ethAddress, logFile, batchId }) => ({ url, overlay, ethAddress, logFile, ...(batchId !== undefined ? { batchId } : {}) })),
    gateways: devnet.gateways,
    logDir: devnet.logDir,
    control: '/_devnet',
  };
}
