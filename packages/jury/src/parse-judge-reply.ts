import { parsePythonJson } from '@medhelm/json';
import { checkJudgeReplySchema } from './judge-reply-schema.ts';
import type { JuryRubric } from './jury-rubric.ts';

/** The schema check beside HELM's verdict (beyond HELM; never changes `valid`). */
interface SchemaCheck {
  /** Whether the parsed reply matches the rubric's strict schema (see `judgeReplySchema`). */
  schemaValid: boolean;
  /** Why not, when it does not. */
  schemaReason?: string;
}

/** A reply HELM accepts: `verdict` is what HELM files under the judge's name. */
export interface ValidJudgeReply extends SchemaCheck {
  valid: true;
  /** The parsed JSON, as HELM keeps it (extra keys included). */
  verdict: unknown;
  /** True when HELM's repair (appending `}` after "Expecting ',' delimiter") made it parse. */
  repaired: boolean;
}

/** A reply HELM drops (the judge is then simply absent from the annotation). */
export interface InvalidJudgeReply extends SchemaCheck {
  valid: false;
  /** Why, in a few words: `no JSON object (...)`, `invalid JSON: Expecting ...`, `missing criterion clarity`. */
  reason: string;
}

export type JudgeReply = ValidJudgeReply | InvalidJudgeReply;

/**
 * Reads one judge's reply exactly as HELM's `LLMAsJuryAnnotator._annotate_with_model` does
 * (annotation/model_as_judge.py at 63754d05):
 *
 * 1. `_sanitize_model_response`: the first `re.search(r"\{.*\}", reply, re.DOTALL)` match, i.e.
 *    from the first `{` to the last `}`; the whole reply when there is none.
 * 2. `json.loads` with Python's semantics (see {@link parsePythonJson}); when it fails with the
 *    message exactly "Expecting ',' delimiter", HELM appends one `}` and tries once more.
 * 3. `_validate_annotation`: every criterion key is `in` the parsed value, and every sub-key is `in`
 *    its criterion's value. Python's `in` is key membership for a dict, element equality for a
 *    list and substring search for a string; for a number, boolean or None it raises TypeError, and
 *    indexing a list or string by a criterion name raises too: HELM drops the reply in those cases.
 *
 * So HELM accepts `{"accuracy": "score and explanation", ...}` (substrings) and extra keys, and
 * does not look at the score's type or range: the jury metric reads them later. The `schemaValid`
 * check is our stricter second opinion and never changes `valid`.
 */
export function parseJudgeReply(
  reply: string,
  rubric: Pick<JuryRubric, 'criteria'> & Partial<Pick<JuryRubric, 'scale'>>,
): JudgeReply {
  const first = reply.indexOf('{');
  const last = reply.lastIndexOf('}');
  const matched = first !== -1 && last > first;
  let text = matched ? reply.slice(first, last + 1) : reply;

  let parsed = parsePythonJson(text);
  let repaired = false;
  if (!parsed.ok) {
    const error = parsed.error;
    if (error.kind === 'JSONDecodeError' && error.msg === "Expecting ',' delimiter") {
      text = `${text}}`;
      parsed = parsePythonJson(text);
      if (!parsed.ok) return invalid(`invalid JSON after appending '}': ${parsed.error.message}`);
      repaired = true;
    } else if (!matched) {
      return invalid(`no JSON object (${error.message})`);
    } else {
      return invalid(`invalid JSON: ${error.message}`);
    }
  }

  const verdict = parsed.value;
  const problem = helmValidationProblem(verdict, rubric.criteria);
  if (problem !== undefined) return invalid(problem, verdict, rubric);
  const schemaReason = checkJudgeReplySchema(rubric, verdict);
  return {
    valid: true,
    verdict,
    repaired,
    schemaValid: schemaReason === undefined,
    ...(schemaReason === undefined ? {} : { schemaReason }),
  };
}

function invalid(
  reason: string,
  verdict?: unknown,
  rubric?: Pick<JuryRubric, 'criteria'> & Partial<Pick<JuryRubric, 'scale'>>,
): InvalidJudgeReply {
  // A reply HELM drops never conforms to the strict schema, which requires every key HELM checks.
  const schemaReason = rubric === undefined ? reason : (checkJudgeReplySchema(rubric, verdict) ?? reason);
  return { valid: false, reason, schemaValid: false, schemaReason };
}

/** HELM's `_validate_annotation`, Python's `in` and `[]` included: the first problem, or undefined. */
function helmValidationProblem(
  verdict: unknown,
  criteria: Readonly<Record<string, readonly string[]>>,
): string | undefined {
  for (const [criterion, subkeys] of Object.entries(criteria)) {
    const contains = pythonIn(criterion, verdict);
    if (contains === undefined) return `the reply is ${pythonTypeName(verdict)}, not an object`;
    if (!contains) return `missing criterion ${criterion}`;
    if (subkeys.length === 0) continue;
    // `annotator_criteria[key]`: only a dict can be indexed by a string.
    if (!isDict(verdict)) return `the reply is ${pythonTypeName(verdict)}, not an object`;
    const value = verdict[criterion];
    for (const subkey of subkeys) {
      const has = pythonIn(subkey, value);
      if (has === undefined) return `criterion ${criterion} is ${pythonTypeName(value)}, not an object`;
      if (!has) return `missing ${subkey} in criterion ${criterion}`;
    }
  }
  return undefined;
}

/** Python's `key in container` for a parsed JSON value; undefined where Python raises TypeError. */
function pythonIn(key: string, container: unknown): boolean | undefined {
  if (typeof container === 'string') return container.includes(key);
  if (Array.isArray(container)) return container.some((item) => item === key);
  if (isDict(container)) return Object.hasOwn(container, key);
  return undefined;
}

function isDict(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pythonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return 'a boolean';
  if (typeof value === 'number') return 'a number';
  return 'an object';
}
