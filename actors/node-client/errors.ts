/**
 * The one error every node-client call throws. It is plain data underneath (`toJSON()`), so an XState machine can
 * keep it in context and a report can embed it. Tokens never reach it: the URL never carries one (the token travels
 * in a header) and every server-supplied text is scrubbed by the transport before it gets here.
 */

export type NodeApiErrorCode = 'http' | 'timeout' | 'network' | 'invalid-response' | 'aborted';

export interface NodeApiErrorData {
  readonly name: 'NodeApiError';
  readonly message: string;
  readonly code: NodeApiErrorCode;
  readonly method: string;
  /** Full request URL, credentials removed. */
  readonly url: string;
  /** Endpoint template, e.g. `GET /stamps/{id}`: what the call statistics group by. */
  readonly template: string;
  readonly status?: number;
  /** At most 300 characters of the response body. */
  readonly bodyExcerpt?: string;
  /** `message` of Bee's `{code, message}` error body, when the body had one. */
  readonly beeMessage?: string;
  /** Set on `invalid-response` when the body exceeded the client's cap for it (body-limits.ts): the cap in bytes. */
  readonly limitBytes?: number;
  /** Set on `network`: the system's error code when it gave one (ENOTFOUND, ECONNREFUSED, ...). */
  readonly causeCode?: string;
}

export const BODY_EXCERPT_MAX = 300;

type ErrorFields = Omit<NodeApiErrorData, 'name' | 'message'> & { detail?: string };

export class NodeApiError extends Error {
  override readonly name = 'NodeApiError';
  readonly code: NodeApiErrorCode;
  readonly method: string;
  readonly url: string;
  readonly template: string;
  readonly status?: number;
  readonly bodyExcerpt?: string;
  readonly beeMessage?: string;
  readonly limitBytes?: number;
  readonly causeCode?: string;

  constructor(fields: ErrorFields) {
    super(describe(fields));
    this.code = fields.code;
    this.method = fields.method;
    this.url = fields.url;
    this.template = fields.template;
    if (fields.status !== undefined) this.status = fields.status;
    if (fields.bodyExcerpt !== undefined) this.bodyExcerpt = excerpt(fields.bodyExcerpt);
    if (fields.beeMessage !== undefined) this.beeMessage = fields.beeMessage;
    if (fields.limitBytes !== undefined) this.limitBytes = fields.limitBytes;
    if (fields.causeCode !== undefined) this.causeCode = fields.causeCode;
  }

  toJSON(): NodeApiErrorData {
    return {
      name: this.name,
      message: this.message,
      code: this.code,
      method: this.method,
      url: this.url,
      template: this.template,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.bodyExcerpt === undefined ? {} : { bodyExcerpt: this.bodyExcerpt }),
      ...(this.beeMessage === undefined ? {} : { beeMessage: this.beeMessage }),
      ...(this.limitBytes === undefined ? {} : { limitBytes: this.limitBytes }),
      ...(this.causeCode === undefined ? {} : { causeCode: this.causeCode }),
    };
  }
}

export function isNodeApiError(value: unknown): value is NodeApiError {
  return value instanceof NodeApiError;
}

/** True when the node answered 404: many lookups (balance of a peer, a tag) use it for "none". */
export function isNotFound(value: unknown): boolean {
  return isNodeApiError(value) && value.code === 'http' && value.status === 404;
}

export function excerpt(text: string, max = BODY_EXCERPT_MAX): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * `GET http://127.0.0.1:1633/stamps/ab12cd34… -> 404 issuer does not exist`. Long hex path segments are shortened
 * so the line stays readable in a terminal; the full URL stays in `url`.
 */
function describe(fields: ErrorFields): string {
  const target = `${fields.method} ${shortenUrl(fields.url)} ->`;
  switch (fields.code) {
    case 'http': {
      const why = fields.beeMessage ?? (fields.bodyExcerpt ? excerpt(fields.bodyExcerpt, 120) : '');
      return `${target} ${fields.status ?? '?'}${why ? ` ${why}` : ''}`;
    }
    case 'invalid-response':
      return `${target} ${fields.status ?? '?'} invalid response${fields.detail ? `: ${fields.detail}` : ''}`;
    case 'timeout':
      return `${target} timeout${fields.detail ? ` ${fields.detail}` : ''}`;
    case 'aborted':
      return `${target} aborted`;
    case 'network':
      return `${target} network error${fields.detail ? `: ${fields.detail}` : ''}`;
  }
}

export function shortenUrl(url: string): string {
  return url.replace(/[0-9a-fA-F]{16,}/g, (hex) => `${hex.slice(0, 8)}…`);
}
