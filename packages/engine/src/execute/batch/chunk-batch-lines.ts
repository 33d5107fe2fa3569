/** One request encoded for a batch: its key, its custom id and its lines. */
export interface EncodedRequest {
  requestKey: string;
  customId: string;
  lines: readonly string[];
}

/**
 * Splits encoded requests into batches within the provider's limits (lines and bytes of the
 * JSONL file, a newline per line), keeping a request's lines together and the order as given. A
 * request that alone exceeds a limit is returned in `tooLarge` (no batch can carry it).
 */
export function chunkBatchLines(
  requests: readonly EncodedRequest[],
  limits: { maxRequests: number; maxBytes: number },
): { chunks: EncodedRequest[][]; tooLarge: EncodedRequest[] } {
  const chunks: EncodedRequest[][] = [];
  const tooLarge: EncodedRequest[] = [];
  let current: EncodedRequest[] = [];
  let lines = 0;
  let bytes = 0;
  for (const request of requests) {
    const requestLines = request.lines.length;
    const requestBytes = request.lines.reduce((total, line) => total + Buffer.byteLength(line) + 1, 0);
    if (requestLines > limits.maxRequests || requestBytes > limits.maxBytes) {
      tooLarge.push(request);
      continue;
    }
    if (lines + requestLines > limits.maxRequests || bytes + requestBytes > limits.maxBytes) {
      chunks.push(current);
      current = [];
      lines = 0;
      bytes = 0;
    }
    current.push(request);
    lines += requestLines;
    bytes += requestBytes;
  }
  if (current.length > 0) chunks.push(current);
  return { chunks, tooLarge };
}
