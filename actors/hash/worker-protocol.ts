/** Messages between the hashing pool and its worker threads (structured-clone friendly). */
export interface WorkerTask {
  index: number;
  path: string;
  offset: number;
  length: number;
}

export type WorkerReply =
  | { index: number; reference: Uint8Array; span: bigint; error?: undefined }
  | { index: number; error: string };
