import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/config-error.ts';
import { MedHelmError } from '../errors/medhelm-error.ts';
import { NoSuchEntityError } from '../errors/no-such-entity-error.ts';
import { Registry } from './registry.ts';

describe('Registry', () => {
  it('lists the known ids when an id is unknown', () => {
    const registry = new Registry<{ id: string }>('benchmark');
    registry.register({ id: 'pubmed_qa' });
    registry.register({ id: 'medcalc_bench' });
    let thrown: unknown;
    try {
      registry.get('pubmedqa');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NoSuchEntityError);
    expect(MedHelmError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toBe(
      'Unknown benchmark "pubmedqa". Did you mean "pubmed_qa"? Known benchmarks: medcalc_bench, pubmed_qa.',
    );
  });

  it('refuses a second registration of the same id, naming both sources', () => {
    const registry = new Registry<{ id: string }>('provider');
    registry.register({ id: 'baseline' }, '@medhelm/provider-baseline');
    expect(() => registry.register({ id: 'baseline' }, '@acme/other')).toThrow(ConfigError);
    expect(() => registry.register({ id: 'baseline' }, '@acme/other')).toThrow(
      /by @medhelm\/provider-baseline and by @acme\/other/,
    );
  });
});
