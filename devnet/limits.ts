/** The most nodes one devnet runs (one process, one port each; the cockpit's fleet benchmark uses 200). */
export const MAX_DEVNET_NODES = 1000;
