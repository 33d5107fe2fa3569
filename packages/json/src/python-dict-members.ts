import type { JsonMemberSpan } from './parse-python-json.ts';

/**
 * The members of a parsed object in the order a Python dict iterates them: each key once, at the
 * position where it was first written (a repeated key moves nowhere; its value is the last one,
 * which the parsed object already holds). JavaScript objects cannot give this order themselves:
 * they list integer-like keys (e.g. PubMed ids) first, in numeric order.
 */
export function pythonDictMembers(members: readonly JsonMemberSpan[]): JsonMemberSpan[] {
  const seen = new Set<string>();
  return members.filter(({ key }) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
