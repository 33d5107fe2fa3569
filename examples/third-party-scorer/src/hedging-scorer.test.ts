import { fileURLToPath } from 'node:url';
import { describeScorerContract, scorerContractInput } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createHedgingScorer, createPlugin, hedgingScorer, plugin } from './index.ts';

const packageJsonPath = fileURLToPath(new URL('../package.json', import.meta.url));

// The contract every MedHELM scorer runs: manifest, plugin shape, value types, determinism.
describeScorerContract(hedgingScorer, {
  packageJsonPath,
  plugin,
  cases: [
    {
      name: 'a committed answer as not hedged',
      input: { completion: 'yes' },
      expected: { hedged: false, hedge_phrases: 0 },
    },
    {
      name: 'a hedged answer',
      input: { completion: 'It may help, but please consult a physician.' },
      expected: { hedged: true, hedge_phrases: 2 },
    },
  ],
});

// The same contract for a configured instance, as `[medhelm-scorer-hedging, { extraPhrases }]` makes it.
describeScorerContract(createHedgingScorer({ extraPhrases: ['probably'] }), {
  name: 'scorer contract: hedging with extra phrases',
  cases: [{ name: '"probably"', input: { completion: 'Probably yes.' }, expected: { hedged: true } }],
});

describe('hedging scorer', () => {
  it('matches whole words only, case-insensitively', async () => {
    const score = (completion: string) => hedgingScorer.score(scorerContractInput({ completion }));
    expect(await score('MAY be')).toEqual({ hedged: true, hedge_phrases: 1 });
    expect(await score('In dismay')).toEqual({ hedged: false, hedge_phrases: 0 });
  });

  it('makes a plugin from options, refusing bad phrases', async () => {
    const registered: string[] = [];
    await createPlugin({ phrases: ['unknown'] }).register({
      registerBenchmark: () => {},
      registerProvider: () => {},
      registerNormalizer: () => {},
      registerScorer: (scorer) => registered.push(scorer.id),
    });
    expect(registered).toEqual(['hedging']);
    expect(() => createPlugin({ phrases: [''] })).toThrow(/non-empty string/);
  });
});
