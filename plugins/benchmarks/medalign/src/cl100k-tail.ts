// Decoding is done here, not with gpt-tokenizer's decode: that one shares a streaming TextDecoder
// across calls (bytes of a cut character can leak into the next call), while HELM's tiktoken decodes
// each token list on its own with errors="replace".
import cl100kRanks from 'gpt-tokenizer/bpeRanks/cl100k_base';
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';

/**
 * Special tokens (`<|endoftext|>`, ...) are encoded as the plain text they are. tiktoken's
 * `encode` refuses text containing them by default (HELM then stops with a ValueError); we encode
 * them as tiktoken does with `disallowed_special=()`, see the README.
 */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

let byteLengths: Uint8Array | undefined;

/** The UTF-8 length of every cl100k_base token (all are 1 to 128 bytes). */
function tokenByteLengths(): Uint8Array {
  if (byteLengths === undefined) {
    const lengths = new Uint8Array(cl100kRanks.length);
    cl100kRanks.forEach((token, rank) => {
      lengths[rank] = typeof token === 'string' ? Buffer.byteLength(token, 'utf8') : token.length;
    });
    byteLengths = lengths;
  }
  return byteLengths;
}

/** tiktoken's `len(get_encoding("cl100k_base").encode(text))`. */
export function cl100kTokenCount(text: string): number {
  return encode(text, PLAIN_TEXT).length;
}

// Not fatal (a cut character becomes U+FFFD, as Python's errors="replace"), and a U+FEFF at the
// cut is kept as text (Python has no BOM handling in bytes.decode('utf-8')).
const replacingDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Where tiktoken's `decode(encode(text)[-maxTokens:])` starts in the UTF-8 bytes of `text`: the
 * byte offset of the first of the last `maxTokens` cl100k_base tokens, 0 when `text` has at most
 * `maxTokens` tokens (then HELM keeps it whole). `maxTokens` must be positive.
 */
export function cl100kTailOffset(bytes: Uint8Array, text: string, maxTokens: number): number {
  // Every token holds at least one byte: a text of at most maxTokens bytes is never cut.
  if (bytes.length <= maxTokens) return 0;
  const tokens = encode(text, PLAIN_TEXT);
  if (tokens.length <= maxTokens) return 0;
  const lengths = tokenByteLengths();
  let offset = 0;
  const dropped = tokens.length - maxTokens;
  for (let index = 0; index < dropped; index++) offset += lengths[tokens[index] as number] as number;
  return offset;
}

/**
 * The last `maxTokens` cl100k_base tokens of `text`, decoded: tiktoken's
 * `decode(encode(text)[-maxTokens:])` as HELM's MedAlign helper computes it, `text` itself when it
 * has at most `maxTokens` tokens. The kept tokens' bytes are the text's UTF-8 bytes from the first
 * kept token on; a cut inside a character leaves its trailing bytes, each decoded as U+FFFD
 * (`bytes.decode("utf-8", errors="replace")`, e.g. `≥` is the two tokens `e2 89` and `a5`).
 * `maxTokens` must be positive.
 */
export function cl100kTail(text: string, maxTokens: number): string {
  const bytes = Buffer.from(text, 'utf8');
  return decodeUtf8From(bytes, text, cl100kTailOffset(bytes, text, maxTokens));
}

/** `bytes[offset:].decode("utf-8", errors="replace")`, `text` itself (the whole of `bytes`) at 0. */
export function decodeUtf8From(bytes: Uint8Array, text: string, offset: number): string {
  return offset === 0 ? text : replacingDecoder.decode(bytes.subarray(offset));
}
