import { Ajv, type ValidateFunction } from 'ajv';
import type { JuryRubric } from './jury-rubric.ts';

/** The lowest and highest score of MedHELM's jury rubrics (1 = very poor, 5 = excellent). */
export const JURY_SCORE_MINIMUM = 1;
export const JURY_SCORE_MAXIMUM = 5;

/**
 * The strict JSON Schema of a verdict the rubric's prompt asks for: an object with exactly the
 * rubric's criteria, each an object with exactly its sub-keys, where `score` is an integer from 1
 * to 5 and `explanation` a string (other sub-keys a rubric names may hold anything). HELM checks
 * much less (only that the keys are there); this schema is our stricter second opinion.
 */
export function judgeReplySchema(rubric: Pick<JuryRubric, 'criteria'>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [criterion, subkeys] of Object.entries(rubric.criteria)) {
    const criterionProperties: Record<string, unknown> = {};
    for (const subkey of subkeys) {
      criterionProperties[subkey] =
        subkey === 'score'
          ? { type: 'integer', minimum: JURY_SCORE_MINIMUM, maximum: JURY_SCORE_MAXIMUM }
          : subkey === 'explanation'
            ? { type: 'string' }
            : {};
    }
    properties[criterion] = {
      type: 'object',
      properties: criterionProperties,
      required: [...subkeys],
      additionalProperties: false,
    };
  }
  return {
    type: 'object',
    properties,
    required: Object.keys(rubric.criteria),
    additionalProperties: false,
  };
}

const ajv = new Ajv({ strict: true, allErrors: false });
const validators = new WeakMap<object, ValidateFunction>();

/**
 * Checks a parsed verdict against {@link judgeReplySchema} with ajv. Returns `undefined` when it
 * conforms, else the first violation, e.g. `/accuracy/score must be integer`.
 */
export function checkJudgeReplySchema(
  rubric: Pick<JuryRubric, 'criteria'>,
  verdict: unknown,
): string | undefined {
  let validate = validators.get(rubric.criteria);
  if (validate === undefined) {
    validate = ajv.compile(judgeReplySchema(rubric));
    validators.set(rubric.criteria, validate);
  }
  if (validate(verdict)) return undefined;
  const error = validate.errors?.[0];
  if (error === undefined) return 'does not match the rubric schema';
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${String((error.params as { additionalProperty?: unknown }).additionalProperty)})`
      : '';
  return `${where} ${error.message ?? 'is invalid'}${extra}`;
}
