/** The values HELM substitutes into a judge prompt. */
export interface JudgePromptValues {
  /** `instance.input.text`: the raw input, not the adapted prompt. */
  QUESTION: string;
  /** The completion being judged. */
  RESPONSE: string;
  /** `references[0].output.text`, or `""` when the instance has no reference. */
  GOLD_RESPONSE: string;
}

/** A template HELM's `string.Template.substitute` would reject. */
export class JudgePromptTemplateError extends Error {
  override readonly name = 'JudgePromptTemplateError';
}

// Python's string.Template: `$$`, `$name`, `${name}` with ASCII identifiers (IGNORECASE), anything
// else after `$` is an invalid placeholder.
const PLACEHOLDER = /\$(?:(\$)|([_a-z][_a-z0-9]*)|\{([_a-z][_a-z0-9]*)\}|())/gi;

/**
 * Fills a judge prompt template exactly as HELM's `LLMAsJuryAnnotator._interpolate_prompt` does:
 * `{QUESTION}`, `{RESPONSE}` and `{GOLD_RESPONSE}` become `$QUESTION`... in the template text, then
 * Python's `string.Template(...).substitute(values)` runs: `$$` is `$`, an unknown name raises
 * (KeyError in Python), a `$` not followed by a name raises (ValueError). Substituted values are
 * inserted as they are and never scanned again.
 */
export function renderJudgePrompt(template: string, values: JudgePromptValues): string {
  const prepared = template
    .replaceAll('{QUESTION}', '$QUESTION')
    .replaceAll('{RESPONSE}', '$RESPONSE')
    .replaceAll('{GOLD_RESPONSE}', '$GOLD_RESPONSE');
  return prepared.replace(
    PLACEHOLDER,
    (
      _match,
      escaped: string | undefined,
      named: string | undefined,
      braced: string | undefined,
      _invalid,
      offset: number,
    ) => {
      if (escaped !== undefined) return '$';
      const name = named ?? braced;
      if (name === undefined) {
        const before = prepared.slice(0, offset);
        const line = before.split('\n').length;
        const column = offset - before.lastIndexOf('\n');
        throw new JudgePromptTemplateError(`Invalid placeholder in string: line ${line}, col ${column}`);
      }
      if (!Object.hasOwn(values, name)) {
        throw new JudgePromptTemplateError(
          `The judge prompt template names $${name}, which HELM does not provide (KeyError: '${name}').`,
        );
      }
      return values[name as keyof JudgePromptValues];
    },
  );
}
