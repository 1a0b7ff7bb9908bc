/**
 * S14 Pubsub side effects:
 * - `pubsubSocket`: one WebSocket subscription (Bee's `GET /pss/subscribe/{topic}` or `/gsoc/subscribe/{address}`),
 *   reporting open, each binary frame as a message, frames that are no message (text frames, oversized) as
 *   dropped, and the close with its reason, including a refused upgrade's status and Bee's message. It never
 *   reconnects by itself: the pubsub machine decides when (back-off). Cleanup terminates the socket.
 * - `pubsubHistory`: appends each message's JSONL line to `[pubsub].history_file`, rotating by size
 *   (`rotate_size_mb`) and keeping `keep_files` rotations; older ones are unlinked.
 * The bearer token goes in the upgrade request's Authorization header only.
 */
import { appendFile, mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { WebSocket } from 'ws';
import { fromCallback } from 'xstate';
import { groupDigits } from '../../../core/cockpit/format.js';
import { rotationPlan } from '../../../core/cockpit/pubsub.js';
import type { HistoryEvent, HistoryRequest, PubsubHistoryConfig, SocketEvent } from '../../../core/cockpit/screens/pubsub.js';
import { errorLine, oneLine } from '../../../core/cockpit/text.js';
import { pubsubReplayLogic } from './pubsub-replay.js';

/** Bee's messages are at most one chunk payload (4096 bytes); anything far larger is not a message. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

export interface SocketInput {
  /** Endpoint path on the node, e.g. `/pss/subscribe/<64 hex>`. */
  readonly path: string;
}


export function websocketUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '').replace(/^http/i, 'ws')}${path}`;
}

/** Close codes as an operator reads them. */
function closeReason(code: number, reason: string): string {
  const text = oneLine(reason, 120);
  const known: Record<number, string> = { 1000: 'closed by the node', 1001: 'the node went away', 1006: 'connection lost', 1011: 'node error' };
  return `socket closed ${code}${known[code] ? ` (${known[code]})` : ''}${text ? `: ${text}` : ''}`;
}

export function pubsubSocketLogic(connection: PubsubDeps['connection'], now: () => number = Date.now) {
  return fromCallback<{ type: 'noop' }, SocketInput, SocketEvent>(({ input, sendBack }) => {
    const { baseUrl, token } = connection();
    let done = false;
    const finish = (reason: string) => {
      if (done) return;
      done = true;
      sendBack({ type: 'socket.closed', reason });
    };
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let socket: WebSocket | null = null;
    // ws loads with the first subscription: a cockpit that never subscribes does not carry it.
    void import('ws').then(
      ({ WebSocket: Socket }) => {
        if (done) return;
        let opened: WebSocket;
        try {
          opened = new Socket(websocketUrl(baseUrl, input.path), { headers, maxPayload: 1024 * 1024, handshakeTimeout: 15_000 });
        } catch (error) {
          finish(`cannot open the socket: ${errorLine(error)}`);
          return;
        }
        socket = opened;
        attach(opened);
      },
      (error: unknown) => finish(`cannot open the socket: ${errorLine(error)}`),
    );
    const attach = (socket: WebSocket): void => {
      socket.on('open', () => sendBack({ type: 'socket.open' }));
      socket.on('message', (data, isBinary) => {
        if (!isBinary) return sendBack({ type: 'socket.dropped', reason: 'a text frame (Bee sends messages as binary frames)' });
        const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
        if (bytes.length > MAX_MESSAGE_BYTES) return sendBack({ type: 'socket.dropped', reason: `a ${groupDigits(bytes.length)}-byte frame (a message is at most 4,096 bytes; frames over ${groupDigits(MAX_MESSAGE_BYTES)} are not messages)` });
        sendBack({ type: 'socket.message', payload: new Uint8Array(bytes), receivedAtMs: now() });
      });
      let refused = false;
      socket.on('unexpected-response', (_request, response) => {
        // The node answered the upgrade with a plain HTTP status: read its message, then report (the socket's own
        // error and close events that follow are about the same refusal).
        refused = true;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => {
          if (body.length < 2000) body += part;
        });
        const report = () => {
          let message = body;
          try {
            message = (JSON.parse(body) as { message?: string }).message ?? body;
          } catch {
            // not Bee's JSON: the raw text, one line
          }
          const hint = response.statusCode === 401 ? ' (pass --token or set NODE_TOKEN)' : response.statusCode === 404 ? ' (not served by this node)' : '';
          finish(`subscription refused: ${response.statusCode ?? '?'} ${oneLine(message, 120)}${hint}`);
          socket.terminate();
        };
        response.on('end', report);
        response.on('error', report);
      });
      socket.on('error', (error) => {
        if (!refused) finish(errorLine(error));
      });
      socket.on('close', (code, reason) => {
        if (!refused) finish(closeReason(code, reason.toString('utf8')));
      });
    };
    return () => {
      done = true;
      if (socket === null) return;
      socket.removeAllListeners('close');
      socket.on('error', () => undefined);
      socket.terminate();
    };
  });
}


/** Appends `line` + newline, rotating first when the file would grow past `maxBytes`. Returns the new size. */
export async function appendWithRotation(file: string, line: string, size: number, maxBytes: number, keep: number): Promise<number> {
  const bytes = Buffer.byteLength(line) + 1;
  if (size > 0 && size + bytes > maxBytes) {
    await rotate(file, keep);
    size = 0;
  }
  await appendFile(file, `${line}\n`);
  return size + bytes;
}

/** Shifts `file` → `file.1` → … and unlinks every rotation past `keep` (also ones left by a larger `keep`). */
export async function rotate(file: string, keep: number): Promise<void> {
  const name = basename(file);
  const dir = dirname(file);
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)$`);
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const match = pattern.exec(entry);
    if (match && Number(match[1]) >= keep) await unlink(join(dir, entry)).catch(() => undefined);
  }
  const plan = rotationPlan(file, keep);
  await unlink(plan.unlink).catch(() => undefined);
  for (const [from, to] of plan.renames) await rename(from, to).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

export function pubsubHistoryLogic(config: PubsubHistoryConfig | null) {
  return fromCallback<HistoryRequest, Record<string, never>, HistoryEvent>(({ receive, sendBack }) => {
    const file = config?.historyFile;
    if (!config || !file) return () => undefined; // no [pubsub].history_file: nothing is written
    sendBack({ type: 'history.opened', file });
    const maxBytes = Math.max(1, config.rotateSizeMb) * 1024 * 1024;
    let chain: Promise<number> = mkdir(dirname(file), { recursive: true })
      .then(() => stat(file))
      .then((s) => s.size)
      .catch(() => 0);
    let failed = false;
    receive((request) => {
      chain = chain.then((size) =>
        appendWithRotation(file, request.line, size, maxBytes, config.keepFiles).catch((error: unknown) => {
          if (!failed) sendBack({ type: 'history.failed', error: errorLine(error) });
          failed = true;
          return size;
        }),
      );
    });
    return () => undefined;
  });
}

export interface PubsubDeps {
  /** The active node's base URL and token, read when a socket opens. */
  readonly connection: () => { readonly baseUrl: string; readonly token?: string };
  readonly history: PubsubHistoryConfig | null;
  readonly now?: () => number;
}

export function pubsubScreenActors(deps: PubsubDeps) {
  return { pubsubSocket: pubsubSocketLogic(deps.connection, deps.now), pubsubHistory: pubsubHistoryLogic(deps.history), pubsubReplay: pubsubReplayLogic };
}
