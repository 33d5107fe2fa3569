import { isPythonWhitespace, pythonStrip } from '@medhelm/python-text';

const OPENING_FENCE = '```json';
const CLOSING_FENCE = '```';

/**
 * `re.sub(r"^```json\s*|\s*```$", "", s.strip())` of simple-evals' `parse_json_to_dict`, written
 * out by hand because Python's `\s` and `strip()` differ from JavaScript's (U+001C–U+001F and U+0085
 * are whitespace to Python, U+FEFF is not): an opening "```json" and the whitespace after it, and a
 * closing "```" at the end (or before one final newline) with the whitespace before it, never
 * overlapping the opening match. Case-sensitive: "```JSON" and a bare opening "```" stay.
 */
export function stripJsonFence(reply: string): string {
  const text = pythonStrip(reply);
  let start = 0;
  if (text.startsWith(OPENING_FENCE)) {
    start = OPENING_FENCE.length;
    while (start < text.length && isPythonWhitespace(text.charCodeAt(start))) start++;
  }
  const body = text.slice(start);
  // `$` also matches before a final "\n"; the stripped text ends in none, but the rule is kept.
  const finalNewline = body.endsWith('\n') ? 1 : 0;
  const beforeNewline = body.length - finalNewline;
  if (!body.slice(0, beforeNewline).endsWith(CLOSING_FENCE)) return body;
  let fenceStart = beforeNewline - CLOSING_FENCE.length;
  while (fenceStart > 0 && isPythonWhitespace(body.charCodeAt(fenceStart - 1))) fenceStart--;
  return body.slice(0, fenceStart) + body.slice(beforeNewline);
}
