import { describe, expect, it } from 'vitest';
import { cl100kTail, cl100kTokenCount } from './cl100k-tail.ts';

// Expected values from tiktoken's documentation: OpenAI's cookbook "How to count tokens with
// tiktoken" encodes "tiktoken is great!" with cl100k_base as [83, 1609, 5963, 374, 2294, 0]
// ("t", "ik", "token", " is", " great", "!"); and cl100k_base splits "≥" (e2 89 a5) into the byte
// tokens e2 89 and a5 (the shared data's SOURCE.md, checked with tiktoken).
describe('cl100kTokenCount', () => {
  it("counts tiktoken's cl100k_base tokens", () => {
    expect(cl100kTokenCount('tiktoken is great!')).toBe(6);
    expect(cl100kTokenCount('≥')).toBe(2);
    expect(cl100kTokenCount('')).toBe(0);
  });

  it('counts special-token text as the plain text it is (tiktoken with disallowed_special=())', () => {
    expect(cl100kTokenCount('<|endoftext|>')).toBeGreaterThan(1);
  });
});

describe('cl100kTail', () => {
  it('keeps the last tokens, decoded', () => {
    expect(cl100kTail('tiktoken is great!', 2)).toBe(' great!');
    expect(cl100kTail('tiktoken is great!', 3)).toBe(' is great!');
  });

  it('keeps a text of at most that many tokens whole', () => {
    expect(cl100kTail('tiktoken is great!', 6)).toBe('tiktoken is great!');
    expect(cl100kTail('tiktoken is great!', 1000)).toBe('tiktoken is great!');
  });

  it('decodes the bytes of a cut character as U+FFFD, as bytes.decode("utf-8", errors="replace")', () => {
    expect(cl100kTail('≥', 1)).toBe('\uFFFD');
    expect(cl100kTail('a≥', 1)).toBe('\uFFFD');
    expect(cl100kTail('≥', 2)).toBe('≥');
  });

  it('keeps a U+FEFF the cut starts at (Python has no byte-order-mark handling in bytes.decode)', () => {
    // "word\n\uFEFFend": U+FEFF (ef bb bf) is the byte tokens ef and bb bf, then "end".
    expect(cl100kTail('word\n\uFEFFend', 3)).toBe('\uFEFFend');
    // Python: b"\xbb\xbfend".decode("utf-8", errors="replace") == "\ufffd\ufffdend".
    expect(cl100kTail('word\n\uFEFFend', 2)).toBe('\uFFFD\uFFFDend');
  });
});
