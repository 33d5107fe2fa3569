import { parsePythonJson } from '@medhelm/json';
import { stripJsonFence } from './strip-json-fence.ts';

/** What simple-evals' `parse_json_to_dict` returns for a grader reply, and whether decoding failed. */
export interface ParsedGraderReply {
  /** `json.loads` of the reply without its fence: any JSON value; `{}` when decoding failed. */
  readonly parsed: unknown;
  /** `json.loads` raised (simple-evals prints "JSON decoding failed" and returns `{}`). */
  readonly decodeFailed: boolean;
  /** A `json.loads` error that is not a JSONDecodeError (a 4,300-digit integer, deep nesting): Python's exception name; it escapes `parse_json_to_dict`. */
  readonly uncaughtError?: string;
}

/** `parse_json_to_dict(reply)` of healthbench_eval.py:100-108. */
export function parseGraderReply(reply: string): ParsedGraderReply {
  const result = parsePythonJson(stripJsonFence(reply));
  if (result.ok) return { parsed: result.value, decodeFailed: false };
  if (result.error.kind === 'JSONDecodeError') return { parsed: {}, decodeFailed: true };
  return { parsed: {}, decodeFailed: true, uncaughtError: result.error.kind };
}

/**
 * What simple-evals' grading loop (healthbench_eval.py:374-383) does with one reply: `accepted`
 * when the parsed value has a `criteria_met` that is `True` or `False`; `retry` otherwise, asking
 * the grader again; `raises` where Python's `in` or `[...]` on a non-dict raises TypeError (or
 * `json.loads` raises something other than a decode error), which aborts the reference's whole run.
 */
export type GraderReplyOutcome =
  | { readonly outcome: 'accepted'; readonly criteriaMet: boolean; readonly explanation: unknown }
  | { readonly outcome: 'retry' }
  | { readonly outcome: 'raises'; readonly error: string };

/** Classifies a grader reply as simple-evals' loop would. */
export function classifyGraderReply(reply: string): GraderReplyOutcome {
  const { parsed, uncaughtError } = parseGraderReply(reply);
  if (uncaughtError !== undefined) return { outcome: 'raises', error: uncaughtError };
  if (typeof parsed === 'string') {
    // `"criteria_met" in s` is a substring test; `s["criteria_met"]` then raises TypeError.
    return parsed.includes('criteria_met') ? { outcome: 'raises', error: 'TypeError' } : { outcome: 'retry' };
  }
  if (Array.isArray(parsed)) {
    // `in` on a list compares elements with `==`; indexing a list by a string raises TypeError.
    return parsed.includes('criteria_met') ? { outcome: 'raises', error: 'TypeError' } : { outcome: 'retry' };
  }
  if (parsed === null || typeof parsed !== 'object') return { outcome: 'raises', error: 'TypeError' };
  const dict = parsed as Record<string, unknown>;
  if (!Object.hasOwn(dict, 'criteria_met')) return { outcome: 'retry' };
  const label = dict.criteria_met;
  if (label !== true && label !== false) return { outcome: 'retry' };
  const explanation = Object.hasOwn(dict, 'explanation') ? dict.explanation : 'No explanation provided';
  return { outcome: 'accepted', criteriaMet: label, explanation };
}
