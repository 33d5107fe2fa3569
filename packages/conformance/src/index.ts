// The contract of @medhelm/conformance: what plugins, apps and users import. A name marked @public
// is documented in the README but imported nowhere in this repository (knip reports any other
// unused export).
export type {
  /** @public */ ConformanceFamily,
} from './conformance-family.ts';
export { conformanceFamilies } from './families/index.ts';
export { checkJudgePromptVectors } from './judge-prompt-vectors.ts';
export {
  checkBundledSample,
  checkInlinedPromptVectors,
  checkPromptVectors,
} from './prompt-vectors.ts';
export { runConformance } from './run-conformance.ts';
