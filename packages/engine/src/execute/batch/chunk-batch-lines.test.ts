import { describe, expect, it } from 'vitest';
import { chunkBatchLines, type EncodedRequest } from './chunk-batch-lines.ts';

const request = (id: string, ...lines: string[]): EncodedRequest => ({
  requestKey: `v1:${id}`,
  customId: id,
  lines,
});

describe('chunkBatchLines', () => {
  it('cuts at the line limit, keeping a request with several lines whole', () => {
    const { chunks, tooLarge } = chunkBatchLines(
      [request('a', 'x'), request('b', 'y', 'y'), request('c', 'z')],
      { maxRequests: 2, maxBytes: 1000 },
    );
    expect(chunks.map((chunk) => chunk.map((item) => item.customId))).toEqual([['a'], ['b'], ['c']]);
    expect(tooLarge).toEqual([]);
  });

  it('cuts at the byte limit counting a newline per line (UTF-8 bytes, not characters)', () => {
    // 'é' is 2 bytes: each line is 3 bytes with its newline.
    const { chunks } = chunkBatchLines([request('a', 'é'), request('b', 'é'), request('c', 'é')], {
      maxRequests: 10,
      maxBytes: 6,
    });
    expect(chunks.map((chunk) => chunk.map((item) => item.customId))).toEqual([['a', 'b'], ['c']]);
  });

  it('sets aside a request no batch can carry', () => {
    const { chunks, tooLarge } = chunkBatchLines([request('a', 'x'), request('big', 'x'.repeat(20))], {
      maxRequests: 10,
      maxBytes: 10,
    });
    expect(chunks.map((chunk) => chunk.map((item) => item.customId))).toEqual([['a']]);
    expect(tooLarge.map((item) => item.customId)).toEqual(['big']);
  });
});
