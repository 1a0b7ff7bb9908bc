/** Messages between the hashing pool and its worker threads (structured-clone friendly). */
export interface WorkerTask {
  /** One id per file hashed: a long-lived worker reopens the file when it changes, even at the same path. */
  job: number;
  index: number;
  path: string;
  offset: number;
  length: number;
}

/** Replies name their job: runs still queued for a cancelled job must not reach the next one. */
export type WorkerReply =
  | { job: number; index: number; reference: Uint8Array; span: bigint; error?: undefined }
  | { job: number; index: number; error: string };
