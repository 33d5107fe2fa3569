import type { MockReply } from './mock-reply.ts';
import type { MockModelCall } from './mock-wire.ts';

/**
 * How the mock answers a judge prompt:
 *
 * - `valid`: the rubric JSON, every criterion `{"score": <score>, "explanation": "..."}`;
 * - `prose-wrapped`: the same JSON inside a sentence and a ```json fence (HELM extracts it);
 * - `missing-closing-brace`: the JSON without its final `}` (HELM repairs it by appending one);
 * - `malformed-json`: single-quoted keys, which Python's json refuses and HELM does not repair;
 * - `missing-criterion`: valid JSON without the rubric's last criterion (HELM drops it);
 * - `missing-explanation`: the first criterion has no `explanation` (HELM drops it);
 * - `non-integer-score`: every score is `<score> - 0.5` (HELM accepts it and truncates with `int()`);
 * - `string-score`: every score is a string, e.g. `"4"` (HELM accepts it; `int("4")` is 4);
 * - `no-json`: a refusal in plain text (HELM drops it);
 * - `empty`: an empty reply.
 */
export type MockJuryReplyKind =
  | 'valid'
  | 'prose-wrapped'
  | 'missing-closing-brace'
  | 'malformed-json'
  | 'missing-criterion'
  | 'missing-explanation'
  | 'non-integer-score'
  | 'string-score'
  | 'no-json'
  | 'empty';

/** Every {@link MockJuryReplyKind}. */
export const MOCK_JURY_REPLY_KINDS: readonly MockJuryReplyKind[] = [
  'valid',
  'prose-wrapped',
  'missing-closing-brace',
  'malformed-json',
  'missing-criterion',
  'missing-explanation',
  'non-integer-score',
  'string-score',
  'no-json',
  'empty',
];

/** MedHELM's usual jury criteria (12 of its 13 jury benchmarks; chw_care_plan has `structure`). */
export const MOCK_JURY_CRITERIA: readonly string[] = ['accuracy', 'completeness', 'clarity'];

/** Options of the jury mode (`jury` of the mock servers, or {@link mockJuryReply}). */
export interface MockJuryOptions {
  /** The rubric's criteria, in order (default {@link MOCK_JURY_CRITERIA}). */
  criteria?: readonly string[];
  /** The score every criterion gets (default 4); a function decides per call. */
  score?: number | ((call: MockModelCall, judgeCallIndex: number) => number);
  /** The kind of reply per model name (the judge's deployment), e.g. `{ 'judge-llama': 'malformed-json' }`. */
  byModel?: Readonly<Record<string, MockJuryReplyKind>>;
  /**
   * The kind of the n-th judge call (counted from 0 over judge prompts only, in arrival order); calls
   * beyond the script fall back to `byModel` and then `kind`. Use with one judge call at a time when
   * the order matters.
   */
  script?: readonly MockJuryReplyKind[];
  /** The kind of every other judge call (default `valid`). */
  kind?: MockJuryReplyKind;
}

/**
 * Whether a call looks like a jury prompt for these criteria: the text asks for JSON and names
 * every criterion in double quotes, as MedHELM's judge templates do (`"accuracy": {`).
 */
export function isJudgePrompt(
  call: MockModelCall,
  criteria: readonly string[] = MOCK_JURY_CRITERIA,
): boolean {
  const text = call.messages.map((message) => message.text).join('\n');
  return text.includes('JSON') && criteria.every((criterion) => text.includes(`"${criterion}"`));
}

/** The reply text of one kind for `criteria`, every criterion scored `score`. */
export function mockJuryReplyText(
  kind: MockJuryReplyKind,
  criteria: readonly string[] = MOCK_JURY_CRITERIA,
  score = 4,
): string {
  const verdict = (names: readonly string[], value: unknown, withExplanation = (_: number) => true) =>
    Object.fromEntries(
      names.map((criterion, index) => [
        criterion,
        withExplanation(index)
          ? { score: value, explanation: `The response's ${criterion} merits ${String(value)}.` }
          : { score: value },
      ]),
    );
  const json = (value: unknown) => JSON.stringify(value, null, 4);
  switch (kind) {
    case 'valid':
      return json(verdict(criteria, score));
    case 'prose-wrapped':
      return `Here is my evaluation of the response:\n\`\`\`json\n${json(verdict(criteria, score))}\n\`\`\`\nI hope this helps.`;
    case 'missing-closing-brace': {
      const text = json(verdict(criteria, score));
      return text.slice(0, text.lastIndexOf('}')).trimEnd();
    }
    case 'malformed-json':
      return json(verdict(criteria, score)).replaceAll('"', "'");
    case 'missing-criterion':
      return json(verdict(criteria.slice(0, -1), score));
    case 'missing-explanation':
      return json(verdict(criteria, score, (index) => index !== 0));
    case 'non-integer-score':
      return json(verdict(criteria, score - 0.5));
    case 'string-score':
      return json(verdict(criteria, String(score)));
    case 'no-json':
      return 'I am sorry, but I cannot evaluate this response.';
    case 'empty':
      return '';
  }
}

/**
 * A `reply` function for the mock servers that answers judge prompts ({@link isJudgePrompt}) with
 * rubric JSON of the kind `options` choose, deterministically: by `script` position, else by the
 * call's model (`byModel`), else `kind`. Other calls go to `fallback` (default: answered "A").
 */
export function mockJuryReply(
  options: MockJuryOptions = {},
  fallback?: (call: MockModelCall, index: number) => string | MockReply | Promise<string | MockReply>,
): (call: MockModelCall, index: number) => string | MockReply | Promise<string | MockReply> {
  const criteria = options.criteria ?? MOCK_JURY_CRITERIA;
  let judgeCalls = 0;
  return (call, index) => {
    if (!isJudgePrompt(call, criteria)) return fallback === undefined ? {} : fallback(call, index);
    const judgeCallIndex = judgeCalls++;
    const kind = options.script?.[judgeCallIndex] ?? options.byModel?.[call.model] ?? options.kind ?? 'valid';
    const score =
      typeof options.score === 'function' ? options.score(call, judgeCallIndex) : (options.score ?? 4);
    return { content: mockJuryReplyText(kind, criteria, score) };
  };
}
