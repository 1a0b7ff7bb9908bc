/** Swarm's chunk geometry (Bee's swarm.ChunkSize, SpanSize, SectionSize, Branches; encrypted refs are 64 bytes). */
export const CHUNK_SIZE = 4096,
  SPAN_SIZE = 8,
  SEGMENT_SIZE = 32,
  BRANCHES = 128,
  ENCRYPTED_BRANCHES = 64;
