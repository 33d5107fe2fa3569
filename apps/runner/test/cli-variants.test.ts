import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockOpenAiServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';
import { RunOutput } from './run-output.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

interface RunReport {
  run_name: string;
  benchmark: string;
  headline: { name: string; split: string; value: number | null };
  provenance: {
    release: string | null;
    benchmark: {
      version: string | null;
      variant: { name: string; description: string; references: string[] } | null;
    };
  };
}

const HELM_RUN = 'pubmed_qa:model=openai-compatible_m,model_deployment=openai-compatible_m';
const VARIANT_RUN =
  'pubmed_qa:variant=quasi-exact-match,model=openai-compatible_m,model_deployment=openai-compatible_m';

describe('medhelm run with an opt-in variant', () => {
  it('runs pubmed_qa as HELM does and as its quasi-exact-match variant, side by side, on a model answering "A."', {
    timeout: 60_000,
  }, async () => {
    const server = await startMockOpenAiServer({ reply: () => 'A.' });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-variants-'));
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa,pubmed_qa@quasi-exact-match',
        '--models',
        'openai-compatible:m',
        '--base-url',
        server.baseUrl,
        '--sample',
        '--max-eval-instances',
        '5',
        '--suite',
        'variants',
      ],
      { cwd },
    );
    expect(result.stderr).not.toMatch(/error|warning/i);
    expect(result.exitCode).toBe(0);
    const output = new RunOutput(cwd, 'variants');
    expect(output.runNames()).toEqual([HELM_RUN, VARIANT_RUN]);
    // RunOutput.json finds a run by its benchmark; these two runs share one, so read by run name.
    const file = <T>(run: string, name: string) =>
      JSON.parse(readFileSync(join(output.suiteDirectory, run, name), 'utf8')) as T;
    const report = (run: string) => file<RunReport>(run, 'medhelm_run.json');
    const runSpec = (run: string) => file<{ name: string; metric_specs: unknown[] }>(run, 'run_spec.json');

    // HELM maps "A." to no option: every exact-match stat is 0, the headline exact_match.
    expect(report(HELM_RUN)).toMatchObject({
      benchmark: 'pubmed_qa',
      headline: { name: 'exact_match', split: 'test', value: 0 },
      provenance: { release: 'v2.0.0', benchmark: { version: '1', variant: null } },
    });
    // The variant reads "A." as A ("yes"): its headline is the share of "yes" golds.
    const state = file<{
      request_states: Array<{
        instance: { references: Array<{ output: { text: string }; tags: string[] }> };
      }>;
    }>(VARIANT_RUN, 'scenario_state.json');
    const golds = state.request_states.map(
      ({ instance }) =>
        instance.references.find((reference) => reference.tags.includes('correct'))?.output.text,
    );
    expect(golds).toHaveLength(5);
    const yesShare = golds.filter((gold) => gold === 'yes').length / golds.length;
    expect(yesShare).toBeGreaterThan(0);
    const variant = report(VARIANT_RUN);
    expect(variant).toMatchObject({
      run_name: VARIANT_RUN,
      benchmark: 'pubmed_qa',
      headline: { name: 'quasi_exact_match', split: 'test' },
      // Not a v2.0.0 run: its numbers are not HELM's.
      provenance: {
        release: null,
        benchmark: {
          version: '1+quasi-exact-match',
          variant: {
            name: 'quasi-exact-match',
            references: expect.arrayContaining(['https://github.com/stanford-crfm/helm/pull/4214']),
          },
        },
      },
    });
    expect(variant.headline.value).toBeCloseTo(yesShare, 12);
    expect(runSpec(VARIANT_RUN).name).toBe(VARIANT_RUN);
    // The variant asks the model exactly what HELM asks: same metric specs, same requests (cached).
    expect(runSpec(VARIANT_RUN).metric_specs).toEqual(runSpec(HELM_RUN).metric_specs);
    expect(server.requests).toHaveLength(5);
    expect(result.stdout).toMatch(/pubmed_qa\s.*exact_match\s+0\.000/);
    expect(result.stdout).toMatch(/pubmed_qa@quasi-exact-match\s.*quasi_exact_match/);
  });

  it('takes the variant as a run entry key too, and refuses one the benchmark does not have', async () => {
    const server = await startMockOpenAiServer({ reply: () => 'A.' });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-variants-'));
    const common = [
      '--base-url',
      server.baseUrl,
      '--sample',
      '--max-eval-instances',
      '2',
      '--suite',
      'entries',
    ];
    const entry = await runCli(
      [
        'run',
        '--run-entries',
        'pubmed_qa:variant=strip-answer-punctuation,model=openai-compatible:m',
        ...common,
      ],
      { cwd },
    );
    expect(entry.exitCode).toBe(0);
    expect(new RunOutput(cwd, 'entries').runNames()).toEqual([
      'pubmed_qa:variant=strip-answer-punctuation,model=openai-compatible_m',
    ]);

    const unknown = await runCli(
      ['run', '--benchmarks', 'pubmed_qa@lenient', '--models', 'openai-compatible:m', ...common],
      { cwd },
    );
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('pubmed_qa has no variant "lenient"');
    expect(unknown.stderr).toContain('quasi-exact-match, strip-answer-punctuation');
    const none = await runCli(
      ['run', '--benchmarks', 'medcalc_bench@dedup', '--models', 'openai-compatible:m', ...common],
      { cwd },
    );
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('medcalc_bench has no variants');
  });
});

describe('medhelm list and the variants', () => {
  it('gives each benchmark its version and variants in --json', async () => {
    const result = await runCli(['list', '--json'], { cwd: mkdtempSync(join(tmpdir(), 'medhelm-list-')) });
    const rows = JSON.parse(result.stdout) as Array<{
      id: string;
      version: string | null;
      variants: Array<{ name: string; description: string; references: string[] }>;
    }>;
    const variantsOf = (id: string) =>
      rows.find((row) => row.id === id)?.variants.map((variant) => variant.name);
    expect(variantsOf('pubmed_qa')).toEqual(['quasi-exact-match', 'strip-answer-punctuation']);
    expect(variantsOf('med_dialog')).toEqual(['dedup']);
    expect(variantsOf('head_qa')).toEqual(['strip-answer-punctuation']);
    expect(variantsOf('medcalc_bench')).toEqual([]);
    expect(rows.find((row) => row.id === 'med_dialog')?.variants[0]?.references).toContain(
      'https://github.com/stanford-crfm/helm/pull/4342',
    );
    expect(rows.find((row) => row.id === 'pubmed_qa')?.version).toBe('1');
  });

  it('lists the variants under the table, in lines of at most 100 characters', async () => {
    const result = await runCli(['list'], { cwd: mkdtempSync(join(tmpdir(), 'medhelm-list-')) });
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^id +name +cat +access +jury +data +sample$/);
    const legend = lines.findIndex((line) => line.startsWith('Opt-in variants, never the default'));
    expect(legend).toBeGreaterThan(0);
    expect(result.stdout).toMatch(/\n {2}quasi-exact-match +pubmed_qa\n/);
    expect(result.stdout).toMatch(/\n {2}dedup +med_dialog\n/);
    expect(result.stdout).toMatch(/\n {2}strip-answer-punctuation +clear, ehrshot, head_qa,/);
    // The shc benchmarks are on the wrapped lines of strip-answer-punctuation.
    expect(result.stdout).toMatch(/,\n {28}[a-z_, ]*shc_bmt_med/);
    for (const line of lines.slice(legend)) expect(line.length, line).toBeLessThanOrEqual(100);
  });
});
