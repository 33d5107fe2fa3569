import { describe, expect, it } from 'vitest';
import { provenanceFacts } from './provenance.ts';

describe('provenanceFacts', () => {
  it('lists release, HELM commit, benchmark version, runner, data with its digest and invented flag, jury, seed, command', () => {
    const facts = provenanceFacts({
      provenance: {
        runner: { name: '@medhelm/runner', version: '0.3.0' },
        release: 'v2.0.0',
        release_deviations: [],
        helm_commit: '63754d05db6f874e41a395880fb573890a13e791',
        benchmark: {
          id: 'medication_qa',
          name: 'medication_qa',
          version: '1',
          variant: null,
          package: '@medhelm/benchmark-medication-qa@0.3.0',
        },
        packages: ['@medhelm/core@0.3.0', '@medhelm/engine@0.3.0'],
        jury: [
          {
            name: 'gpt',
            deployment: 'openai/gpt-4o-2024-05-13',
            helm_model: 'openai/gpt-4o-2024-05-13',
            base_url_host: 'api.openai.com',
          },
        ],
        data: {
          source: 'sample',
          invented: true,
          root: '/pkg/data',
          files: [{ path: 'x.xlsx', sha256: 'ab12', bytes: 1234, rows_used: 11 }],
        },
        seeds: { downsample: 0 },
        environment: { node: 'v20.20.2', os: 'Linux x64' },
        command: ['medhelm', 'run', '--sample'],
      },
    });
    const byLabel = Object.fromEntries(facts.map((fact) => [fact.label, fact.value]));
    expect(byLabel).toMatchObject({
      Release: 'v2.0.0',
      'HELM commit': '63754d05db6f874e41a395880fb573890a13e791',
      Benchmark: 'medication_qa · version 1 · @medhelm/benchmark-medication-qa@0.3.0',
      Runner: '@medhelm/runner 0.3.0',
      Data: 'sample, INVENTED rows (the numbers say nothing about a model) in /pkg/data',
      'Data file x.xlsx': 'SHA-256 ab12 (1,234 bytes)',
      'Judge gpt': 'openai/gpt-4o-2024-05-13 · openai/gpt-4o-2024-05-13 · api.openai.com',
      'Downsampling seed': '0',
      Command: 'medhelm run --sample',
      Packages: '@medhelm/core@0.3.0, @medhelm/engine@0.3.0',
    });
    expect(byLabel).not.toHaveProperty('Differs from the release');
  });

  it('says a variant and how a run differs from its release, and lists nothing for a run without provenance', () => {
    const facts = provenanceFacts({
      provenance: {
        release: null,
        release_deviations: ['jury: gpt is x/y, the release’s is openai/gpt-4o-2024-05-13'],
        benchmark: {
          name: 'pubmed_qa',
          version: '1+quasi-exact-match',
          variant: {
            name: 'quasi-exact-match',
            description: 'Reads "A." as A.',
            references: ['https://github.com/stanford-crfm/helm/pull/4214'],
          },
        },
        data: { source: 'download', invented: false, files: [] },
      },
    });
    const byLabel = Object.fromEntries(facts.map((fact) => [fact.label, fact.value]));
    expect(byLabel.Release).toBe('none (its numbers are not a release’s)');
    expect(byLabel['Differs from the release']).toContain('jury: gpt is x/y');
    expect(byLabel['Opt-in variant']).toBe(
      'quasi-exact-match: Reads "A." as A. https://github.com/stanford-crfm/helm/pull/4214',
    );
    expect(byLabel.Data).toBe('download, real data');
    expect(provenanceFacts({ run_name: 'helm-written' })).toEqual([]);
    expect(provenanceFacts(null)).toEqual([]);
  });
});
