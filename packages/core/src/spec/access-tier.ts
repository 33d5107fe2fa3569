/**
 * Who may obtain a benchmark's data: `public` (downloadable by anyone), `gated` (needs a data use
 * agreement, e.g. PhysioNet), `private` (never leaves its owner's machines).
 */
export type AccessTier = (typeof ACCESS_TIERS)[number];
export const ACCESS_TIERS = ['public', 'gated', 'private'] as const;

/** MedHELM's five clinical categories. */
export type MedHelmCategory = (typeof MEDHELM_CATEGORIES)[number];
export const MEDHELM_CATEGORIES = [
  'Clinical Decision Support',
  'Clinical Note Generation',
  'Patient Communication and Education',
  'Medical Research Assistance',
  'Administration and Workflow',
] as const;

/** The only specification version this release defines. */
export type SpecificationVersionV1 = 'v1';
/** @public */
export const SPECIFICATION_VERSION_V1: SpecificationVersionV1 = 'v1';
