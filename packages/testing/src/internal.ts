// @medhelm/testing/internal: what first-party tests, test kits and tools use beyond the contract
// (src/index.ts); not a stable API for plugins or users.
export { FAULT_KINDS } from './create-fault-injector.ts';
export { mockJuryReplyText } from './mock-jury-reply.ts';
export type { MockModelServer } from './mock-model-server-options.ts';
export { REDIS_SKIP_NOTE } from './test-redis-url.ts';
