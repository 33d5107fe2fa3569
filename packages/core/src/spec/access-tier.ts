/**
 * Who may obtain a benchmark's data: `public` (downloadable by anyone), `gated` (needs a data use
 * agreement, e.g. PhysioNet), `private` (never leaves its owner's machines).
 */
export type AccessTier = 'public' | 'gated' | 'private';

/** MedHELM's five clinical categories. */
export type MedHelmCategory =
  | 'Clinical Decision Support'
  | 'Clinical Note Generation'
  | 'Patient Communication and Education'
  | 'Medical Research Assistance'
  | 'Administration and Workflow';

/** The only specification version this release defines. */
export type SpecificationVersionV1 = 'v1';
export const SPECIFICATION_VERSION_V1: SpecificationVersionV1 = 'v1';
