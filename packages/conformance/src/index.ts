export { compareExpected, FLOAT_TOLERANCE } from './compare-expected.ts';
export {
  type ConformanceCase,
  type ConformanceFamily,
  type FamilyContext,
  RAISES_KEY,
} from './conformance-family.ts';
export { conformanceFamilies } from './families/index.ts';
export { checkJudgePromptVectors, type JudgePromptVector } from './judge-prompt-vectors.ts';
export {
  checkBundledSample,
  checkInlinedPromptVectors,
  checkPromptVectors,
  comparePromptVector,
  type PromptVector,
} from './prompt-vectors.ts';
export { readCases, readJsonLinesFile } from './read-cases.ts';
export { type ConformanceOptions, type ConformanceReport, runConformance } from './run-conformance.ts';
export { type CaseFailure, type FamilyResult, runFamilyFile } from './run-family.ts';
