/**
 * A small WebSocket subscriber for the devnet's PSS/GSOC endpoints (used by the messaging tests and handy
 * in scripts): collects binary frames, waits for the next one or for silence, and reports a refused upgrade
 * as its HTTP status. The node client has no WebSocket support; subscriptions go through this or bee-js.
 */
import { WebSocket } from 'ws';

export interface Subscriber {
  readonly socket: WebSocket;
  /** Every binary frame received so far, in order. */
  readonly frames: Uint8Array[];
  /** The next frame not yet taken by `next`; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<Uint8Array>;
  /** Resolves when the socket closes, with the close code. */
  readonly closed: Promise<number>;
  close(): Promise<void>;
}

export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`websocket upgrade refused with ${status}: ${body}`);
  }
}

/** `http://host/path` → `ws://host/path`. */
export function websocketUrl(httpUrl: string, path: string): string {
  return `${httpUrl.replace(/^http/i, 'ws')}${path}`;
}

/** Opens a subscription; rejects with UpgradeRefused (status, body) when the node refuses the upgrade. */
export function openSubscriber(url: string, headers: Record<string, string> = {}): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const frames: Uint8Array[] = [];
    let taken = 0;
    const waiters: ((frame: Uint8Array) => void)[] = [];
    socket.on('message', (data, isBinary) => {
      if (!isBinary) return;
      const frame = new Uint8Array(Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]));
      frames.push(frame);
      const waiter = waiters.shift();
      if (waiter !== undefined) {
        taken++;
        waiter(frame);
      }
    });
    const closed = new Promise<number>((resolveClosed) => socket.once('close', (code) => resolveClosed(code)));
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (body += part));
      res.on('end', () => reject(new UpgradeRefused(res.statusCode ?? 0, body)));
      res.on('error', () => reject(new UpgradeRefused(res.statusCode ?? 0, body)));
    });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.off('error', reject);
      socket.on('error', () => socket.terminate());
      resolve({
        socket,
        frames,
        closed,
        next: (timeoutMs = 2_000) => {
          if (taken < frames.length) return Promise.resolve(frames[taken++]!);
          return new Promise((resolveFrame, rejectFrame) => {
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(onFrame), 1);
              rejectFrame(new Error(`no frame within ${timeoutMs} ms on ${url}`));
            }, timeoutMs);
            const onFrame = (frame: Uint8Array): void => {
              clearTimeout(timer);
              resolveFrame(frame);
            };
            waiters.push(onFrame);
          });
        },
        close: async () => {
          if (socket.readyState !== socket.CLOSED) socket.close(1000);
          await closed;
        },
      });
    });
  });
}

/** The status a refused upgrade answered with, or 101 when the socket opened (and is closed again). */
export async function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    const subscriber = await openSubscriber(url, headers);
    await subscriber.close();
    return 101;
  } catch (error) {
    if (error instanceof UpgradeRefused) return error.status;
    throw error;
  }
}

/**
 * bee-js opens its subscription socket asynchronously, so a message sent at once may find no subscriber yet:
 * send again (up to `attempts` times, `waitMs` apart) until `received` settles, and return what arrived
 * ('' when nothing did).
 */
export async function resendUntilReceived(received: Promise<string>, send: (attempt: number) => Promise<unknown>, attempts = 50, waitMs = 20): Promise<string> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    await send(attempt);
    const message = await Promise.race([received, new Promise<string>((resolve) => setTimeout(() => resolve(''), waitMs))]);
    if (message !== '') return message;
  }
  return '';
}
