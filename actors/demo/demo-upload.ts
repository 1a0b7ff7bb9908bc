/**
 * `npm start`'s demo content: a ~64 KB text file (16 data chunks and a manifest) uploaded to one devnet node
 * and pushed to the network before the node answers, so every vantage can retrieve it. The demo surface
 * (surfaces/demo/demo.ts) only prints what happened; the call to the node happens here.
 */
import { createNodeClient } from '../node-client/index.js';

export const DEMO_FILE_NAME = 'hello.txt';

function demoFile(): Uint8Array {
  const line = 'Hello from the embedded local swarm. Every chunk of this file lives on simulated Bee nodes on loopback.\n';
  return new TextEncoder().encode(line.repeat(600));
}

/** Uploads the demo file to the node at `url` with its batch; answers the reference. */
export async function uploadDemoFile(url: string, batchId: string): Promise<string> {
  const client = createNodeClient({ baseUrl: url });
  const { reference } = await client.uploadFile(demoFile(), { batchId, name: DEMO_FILE_NAME, contentType: 'text/plain', deferred: false });
  return reference;
}
