// @medhelm/engine/internal: what first-party tests, test kits and tools use beyond the contract
// (src/index.ts); not a stable API for plugins or users.
export { selectRunInstances } from './select/select-run-instances.ts';
// The run-directory writer alone, without the Evaluator's DI (the bench times its scoring from source).
export { writeRunDirectory } from './write/write-run-directory.ts';
