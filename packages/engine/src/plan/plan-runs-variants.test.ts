import {
  type BenchmarkV1,
  type BenchmarkVariantV1,
  ConfigError,
  defineProvider,
  type ModelProviderV1,
  PluginLoadError,
  Registry,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { planRuns } from './plan-runs.ts';
import { parseRunEntry } from './run-entry.ts';
import { fakeBenchmark } from './test-benchmark.ts';

/** A variant that makes quasi_exact_match the headline, as the PubMedQA one does. */
const quasiHeadline: BenchmarkVariantV1 = {
  name: 'quasi-exact-match',
  description: 'quasi_exact_match is the headline',
  references: ['https://github.com/stanford-crfm/helm/pull/4214'],
  apply: (benchmark) => ({ ...benchmark, mainMetric: { name: 'quasi_exact_match', split: 'test' } }),
};

function registries(...benchmarks: BenchmarkV1[]) {
  const benchmarkRegistry = new Registry<BenchmarkV1>('benchmark');
  for (const benchmark of benchmarks) benchmarkRegistry.register(benchmark);
  const providers = new Registry<ModelProviderV1>('provider');
  providers.register(
    defineProvider({
      id: 'baseline',
      displayName: 'baseline',
      languageModel: () => {
        throw new Error('not called by the planner');
      },
    }),
  );
  return { benchmarks: benchmarkRegistry, providers };
}

const pubmedQa: BenchmarkV1 = { ...fakeBenchmark('pubmed_qa'), version: '1', variants: [quasiHeadline] };

describe('planRuns with variant=', () => {
  it('applies the variant, records it and names the run after it, before the expanders', () => {
    const [plan] = planRuns(
      [parseRunEntry('pubmed_qa:model=baseline:first-option,variant=quasi-exact-match')],
      registries(pubmedQa),
    );
    expect(plan?.runName).toBe('pubmed_qa:variant=quasi-exact-match,model=baseline_first-option');
    expect(plan?.variant).toBe('quasi-exact-match');
    expect(plan?.benchmark.mainMetric.name).toBe('quasi_exact_match');
    // The variant is recorded beside the benchmark's id and version, never in their place.
    expect(plan?.benchmark.id).toBe('pubmed_qa');
    expect(plan?.benchmark.version).toBe('1');
  });

  it("runs HELM's benchmark untouched without variant=, under another run name", () => {
    const plans = planRuns(
      [
        parseRunEntry('pubmed_qa:model=baseline:a'),
        parseRunEntry('pubmed_qa:variant=quasi-exact-match,model=baseline:a'),
      ],
      registries(pubmedQa),
    );
    expect(plans.map((plan) => plan.runName)).toEqual([
      'pubmed_qa:model=baseline_a',
      'pubmed_qa:variant=quasi-exact-match,model=baseline_a',
    ]);
    expect(plans[0]?.benchmark).toBe(pubmedQa);
    expect(plans[0]).not.toHaveProperty('variant');
  });

  it("follows the run spec name of the benchmark's arguments, whatever separator it uses", () => {
    const base = fakeBenchmark('med_dialog');
    const medDialog = (subset: string): BenchmarkV1 => ({
      ...base,
      version: '1',
      helm: { ...base.helm, runSpecName: `med_dialog,subset=${subset}` },
      // The variant sees the configured benchmark: it can tell the subset.
      variants: [
        {
          name: 'dedup',
          description: 'no repeated dialogues',
          references: [],
          apply: (benchmark) => ({ ...benchmark, description: `dedup of ${subset}` }),
        },
      ],
      arguments: {
        schema: z.strictObject({ subset: z.enum(['healthcaremagic', 'icliniq']) }),
        configure: (args) => medDialog(String(args.subset)),
      },
    });
    const [plan] = planRuns(
      [parseRunEntry('med_dialog:variant=dedup,subset=icliniq,model=baseline:a')],
      registries(medDialog('healthcaremagic')),
    );
    // HELM's expanders join with ":" when the name has none yet, as they would any key.
    expect(plan?.runName).toBe('med_dialog,subset=icliniq:variant=dedup,model=baseline_a');
    expect(plan?.benchmark.description).toBe('dedup of icliniq');
  });

  it('refuses an unknown variant, naming the benchmark and listing its variants', () => {
    const entry = parseRunEntry('pubmed_qa:variant=lenient,model=baseline:a');
    expect(() => planRuns([entry], registries(pubmedQa))).toThrow(ConfigError);
    expect(() => planRuns([entry], registries(pubmedQa))).toThrow(
      expect.objectContaining({
        message: expect.stringContaining('pubmed_qa has no variant "lenient"'),
        hint: expect.stringContaining("pubmed_qa's variants: quasi-exact-match"),
      }),
    );
  });

  it('says so when the benchmark has no variants at all', () => {
    expect(() =>
      planRuns(
        [parseRunEntry('medcalc_bench:variant=dedup,model=baseline:a')],
        registries(fakeBenchmark('medcalc_bench')),
      ),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringContaining('medcalc_bench has no variant "dedup"'),
        hint: expect.stringContaining('medcalc_bench has no variants; leave out variant='),
      }),
    );
  });

  it('refuses a variant that changes the benchmark’s id or version (a plugin bug)', () => {
    const renaming: BenchmarkV1 = {
      ...pubmedQa,
      variants: [{ ...quasiHeadline, apply: (benchmark) => ({ ...benchmark, version: '1+quasi' }) }],
    };
    expect(() =>
      planRuns([parseRunEntry('pubmed_qa:variant=quasi-exact-match,model=baseline:a')], registries(renaming)),
    ).toThrow(PluginLoadError);
  });

  it('lists variant among the run entry keys a benchmark without arguments is told about', () => {
    expect(() =>
      planRuns([parseRunEntry('pubmed_qa:flavour=x,model=baseline:a')], registries(pubmedQa)),
    ).toThrow(expect.objectContaining({ hint: expect.stringContaining('variant') }));
  });
});
