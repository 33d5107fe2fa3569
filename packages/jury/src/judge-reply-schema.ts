import { Ajv, type ValidateFunction } from 'ajv';
import type { JuryRubric } from './jury-rubric.ts';

/** The lowest and highest score of MedHELM's jury rubrics (1 = very poor, 5 = excellent). */
export const JURY_SCORE_MINIMUM = 1;
export const JURY_SCORE_MAXIMUM = 5;

/**
 * The strict JSON Schema of a verdict the rubric's prompt asks for: an object with exactly the
 * rubric's criteria, each an object with exactly its sub-keys, where `score` is an integer on the
 * rubric's scale (1 to 5 unless it says otherwise; any integer when its scale is `null`) and
 * `explanation` a string (other sub-keys a rubric names may hold anything). HELM checks
 * much less (only that the keys are there); this schema is our stricter second opinion.
 */
export function judgeReplySchema(
  rubric: Pick<JuryRubric, 'criteria'> & Partial<Pick<JuryRubric, 'scale'>>,
): Record<string, unknown> {
  const scale =
    rubric.scale === undefined ? { minimum: JURY_SCORE_MINIMUM, maximum: JURY_SCORE_MAXIMUM } : rubric.scale;
  const properties: Record<string, unknown> = {};
  for (const [criterion, subkeys] of Object.entries(rubric.criteria)) {
    const criterionProperties: Record<string, unknown> = {};
    for (const subkey of subkeys) {
      criterionProperties[subkey] =
        subkey === 'score'
          ? { type: 'integer', ...(scale === null ? {} : { minimum: scale.minimum, maximum: scale.maximum }) }
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
// By criteria object, then by scale (a rubric's criteria are usually one frozen object).
const validators = new WeakMap<object, Map<string, ValidateFunction>>();

/**
 * Checks a parsed verdict against {@link judgeReplySchema} with ajv. Returns `undefined` when it
 * conforms, else the first violation, e.g. `/accuracy/score must be integer`.
 */
export function checkJudgeReplySchema(
  rubric: Pick<JuryRubric, 'criteria'> & Partial<Pick<JuryRubric, 'scale'>>,
  verdict: unknown,
): string | undefined {
  let byScale = validators.get(rubric.criteria);
  if (byScale === undefined) {
    byScale = new Map();
    validators.set(rubric.criteria, byScale);
  }
  const scaleKey = rubric.scale === undefined ? 'default' : JSON.stringify(rubric.scale);
  let validate = byScale.get(scaleKey);
  if (validate === undefined) {
    validate = ajv.compile(judgeReplySchema(rubric));
    byScale.set(scaleKey, validate);
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
