import { inspect } from 'node:util';
import { expect } from 'vitest';
import { CONTRACT_API_KEY } from './provider-contract-checks.ts';
import {
  DEFAULT_POOL,
  DEFAULT_POOL_HOLD_MS,
  type ProviderContractHarness,
  WIDE_POOL,
  WIDE_POOL_HOLD_MS,
} from './provider-contract-harness.ts';

/** The checks of a provider's connection pool, and that its model object holds no key. */
export function describeConnectionChecks(harness: ProviderContractHarness): void {
  const { setup, mostInFlight, check } = harness;

  check(
    'connections',
    `keeps ${WIDE_POOL} requests in flight at once when settings.connections is ${WIDE_POOL}`,
    async () => {
      const most = await mostInFlight(WIDE_POOL, WIDE_POOL, WIDE_POOL_HOLD_MS);
      expect(most, `requests in flight at once with connections: ${WIDE_POOL}`).toBe(WIDE_POOL);
    },
  );

  check(
    'default-connections',
    `keeps at most ${DEFAULT_POOL} requests in flight at once without settings.connections`,
    async () => {
      const most = await mostInFlight(undefined, DEFAULT_POOL + 1, DEFAULT_POOL_HOLD_MS);
      expect(most, 'requests in flight at once by default').toBeLessThanOrEqual(DEFAULT_POOL);
    },
  );

  check('key-not-in-model', 'keeps the key out of the model object and its cacheIdentity', async () => {
    const { model } = await setup();
    expect(JSON.stringify(model.cacheIdentity)).not.toContain(CONTRACT_API_KEY);
    expect(JSON.stringify(model)).not.toContain(CONTRACT_API_KEY);
    expect(inspect(model, { depth: 10, showHidden: true })).not.toContain(CONTRACT_API_KEY);
  });
}
