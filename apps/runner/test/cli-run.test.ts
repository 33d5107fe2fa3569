import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDHELM_SCHEMA } from '@medhelm/leaderboard';
import { findFidelityDirectory, startMockOpenAiServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PARTY_BENCHMARK_PACKAGES } from '../src/plugins/first-party-benchmark-packages.ts';
import { runCli } from './run-cli.ts';

// MedHELM's catalogue as HELM defines it, bundled in the repository (@medhelm/fidelity-vectors).
const fidelityDirectory = findFidelityDirectory(['reference/medhelm-benchmarks.json']);

const HELM_FILES = [
  'per_instance_stats.json',
  'run_spec.json',
  'scenario.json',
  'scenario_state.json',
  'stats.json',
];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'medhelm-cli-'));
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

describe('medhelm run', () => {
  it('runs the quickstart: both benchmarks on bundled samples with the baseline model', async () => {
    const cwd = temporaryDirectory();
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa,medcalc_bench',
        '--models',
        'baseline:first-option',
        '--sample',
        '--suite',
        'quickstart',
      ],
      { cwd },
    );
    expect(result.stderr).not.toContain('error');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/pubmed_qa\s+baseline\/first-option\s+\d+\/\d+\s+exact_match/);
    expect(result.stdout).toMatch(
      /medcalc_bench\s+baseline\/first-option\s+\d+\/\d+\s+medcalc_bench_accuracy/,
    );
    const suite = join(cwd, 'benchmark_output', 'runs', 'quickstart');
    const entries = readdirSync(suite, { withFileTypes: true });
    // Beside the run directories, only the suite's cost ledger (HELM's readers list directories only).
    expect(entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([
      'medhelm_cost_ledger.jsonl',
    ]);
    const runs = entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(runs).toEqual([
      'medcalc_bench:model=baseline_first-option,model_deployment=baseline_first-option',
      'pubmed_qa:model=baseline_first-option,model_deployment=baseline_first-option',
    ]);
    for (const run of runs) {
      const files = readdirSync(join(suite, run));
      for (const file of HELM_FILES) expect(files).toContain(file);
      const runSpec = readJson(join(suite, run, 'run_spec.json')) as { name: string };
      expect(runSpec.name).toBe(run);
    }
    // The baseline answers "A": on PubMedQA that is "yes", so exact_match equals the share of "yes" golds.
    const state = readJson(join(suite, runs[1]!, 'scenario_state.json')) as {
      request_states: Array<{
        instance: { references: Array<{ output: { text: string }; tags: string[] }> };
      }>;
    };
    const yesShare =
      state.request_states.filter((requestState) =>
        requestState.instance.references.some(
          (reference) => reference.output.text === 'yes' && reference.tags.includes('correct'),
        ),
      ).length / state.request_states.length;
    const stats = readJson(join(suite, runs[1]!, 'stats.json')) as Array<{
      name: { name: string; split?: string; perturbation?: unknown };
      mean?: number;
    }>;
    const exactMatch = stats.find(
      (stat) => stat.name.name === 'exact_match' && stat.name.perturbation === undefined,
    );
    expect(exactMatch?.mean).toBeCloseTo(yesShare, 12);
  });

  it('runs against an OpenAI-compatible server, and a second run is served entirely from the cache', async () => {
    const server = await startMockOpenAiServer({ reply: () => 'B' });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    const argv = [
      'run',
      '--benchmarks',
      'pubmed_qa,medcalc_bench',
      '--models',
      'openai-compatible:test-model',
      '--base-url',
      server.baseUrl,
      '--sample',
      '--max-eval-instances',
      '5',
    ];
    const first = await runCli(argv, { cwd });
    expect(first.exitCode).toBe(0);
    expect(server.requests.length).toBe(10);
    const body = server.requests[0]?.body as {
      model: string;
      messages: Array<{ role: string; content: string }>;
    };
    expect(body.model).toBe('test-model');
    expect(body.messages[0]?.role).toBe('user');

    const second = await runCli(argv, { cwd });
    expect(second.exitCode).toBe(0);
    expect(server.requests.length).toBe(10);
    expect(second.stdout).toContain('0/5/0');
  });

  it('resumes an interrupted run without repeating a request', async () => {
    const controller = new AbortController();
    const server = await startMockOpenAiServer({
      reply: (_body, index) => {
        if (index === 2) controller.abort();
        return 'A';
      },
    });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    const argv = [
      'run',
      '--benchmarks',
      'pubmed_qa',
      '--models',
      'openai-compatible:m',
      '--base-url',
      server.baseUrl,
      '--sample',
      '--concurrency',
      '1',
      '--no-cache',
    ];
    const interrupted = await runCli(argv, { cwd, signal: controller.signal });
    expect(interrupted.exitCode).toBe(130);
    expect(server.requests.length).toBe(3);
    // The table says what was saved and the tokens it used, never "0/20" and "0".
    const row = interrupted.stdout.split('\n').find((line) => line.startsWith('pubmed_qa '));
    const cells = row?.trim().split(/ {2,}/) ?? [];
    expect(cells.slice(0, 3)).toEqual(['pubmed_qa', 'openai-compatible/m', '3/20 saved']);
    expect(cells[3]).toBe('exact_match');
    expect(cells[4]).toBe('interrupted');
    const ledger = JSON.parse(
      readFileSync(
        join(cwd, 'benchmark_output', 'runs', 'latest', 'medhelm_cost_ledger.jsonl'),
        'utf8',
      ).trim(),
    ) as { usage_by_source: Record<string, { promptTokens: number; completionTokens: number }> };
    const usedTokens = Object.values(ledger.usage_by_source).reduce(
      (total, tokens) => total + tokens.promptTokens + tokens.completionTokens,
      0,
    );
    expect(usedTokens).toBeGreaterThan(0);
    expect(row).toMatch(new RegExp(`\\s${usedTokens}\\s`));
    expect(
      existsSync(
        join(
          cwd,
          'benchmark_output',
          'runs',
          'latest',
          'pubmed_qa:model=openai-compatible_m,model_deployment=openai-compatible_m',
        ),
      ),
    ).toBe(false);

    const resumed = await runCli(argv, { cwd });
    expect(resumed.exitCode).toBe(0);
    const state = readJson(
      join(
        cwd,
        'benchmark_output',
        'runs',
        'latest',
        'pubmed_qa:model=openai-compatible_m,model_deployment=openai-compatible_m',
        'scenario_state.json',
      ),
    ) as { request_states: unknown[] };
    // Every instance was requested exactly once across the two invocations.
    expect(server.requests.length).toBe(state.request_states.length);
    const prompts = server.requests.map((request) =>
      JSON.stringify((request.body as { messages: unknown }).messages),
    );
    expect(new Set(prompts).size).toBe(prompts.length);
  });

  it('reports failed instances, exits 1, and retries only those on the next run', async () => {
    let failing = true;
    const server = await startMockOpenAiServer({
      reply: (_body, index) =>
        failing && index === 1 ? { status: 400, body: '{"error":{"message":"bad request"}}' } : 'A',
    });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    const argv = [
      'run',
      '--benchmarks',
      'pubmed_qa',
      '--models',
      'openai-compatible:m',
      '--base-url',
      server.baseUrl,
      '--sample',
      '--max-eval-instances',
      '4',
      '--concurrency',
      '1',
    ];
    const first = await runCli(argv, { cwd });
    expect(first.exitCode).toBe(1);
    expect(first.stderr).toContain('1 instances failed');
    const runDirectory = join(
      cwd,
      'benchmark_output',
      'runs',
      'latest',
      'pubmed_qa:model=openai-compatible_m,model_deployment=openai-compatible_m',
    );
    const report = readJson(join(runDirectory, 'medhelm_run.json')) as {
      failures: unknown[];
      counts: { completed: number };
    };
    expect(report.failures).toHaveLength(1);
    expect(report.counts.completed).toBe(3);

    failing = false;
    const second = await runCli(argv, { cwd });
    expect(second.exitCode).toBe(0);
    expect(server.requests.length).toBe(5);
    const state = readJson(join(runDirectory, 'scenario_state.json')) as { request_states: unknown[] };
    expect(state.request_states).toHaveLength(4);
  });
});

describe('medhelm run: bad input', () => {
  it('fails on an unknown benchmark, listing the known ones', async () => {
    const result = await runCli(
      ['run', '--benchmarks', 'pubmedqa', '--models', 'baseline:first-option', '--sample'],
      { cwd: temporaryDirectory() },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      'Unknown benchmark "pubmedqa". Did you mean "pubmed_qa"? Known benchmarks: aci_bench, chw_care_plan, clear, dischargeme, ehr_sql, ehrshot, head_qa, healthbench, med_dialog, med_mcqa, med_qa, medalign, medbullets, medcalc_bench, medec, medhallu, medhelm_configurable_benchmark, medi_qa, medication_qa, mental_health, mimic_bhc, mimic_rrs, mimiciv_billing_code, mtsamples_procedures, mtsamples_replicate, n2c2_ct_matching, pubmed_qa, race_based_med, shc_bmt_med, shc_cdi_med, shc_conf_med, shc_ent_med, shc_gip_med, shc_privacy_med, shc_proxy_med, shc_ptbm_med, shc_sei_med, shc_sequoia_med, starr_patient_instructions.',
    );
  });

  it('fails on an unknown provider, listing the known ones', async () => {
    const result = await runCli(
      ['run', '--benchmarks', 'pubmed_qa', '--models', 'opneai:gpt-4o', '--sample'],
      { cwd: temporaryDirectory() },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      'Unknown provider "opneai". Did you mean "openai"? Known providers: anthropic, azure-openai, baseline, google, llama-cpp, openai, openai-compatible.',
    );
  });

  it('fails on a malformed dataset row, naming the file, the row and the field', async () => {
    const cwd = temporaryDirectory();
    const dataDirectory = join(cwd, 'data');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dataDirectory);
    const entries = {
      '12345': { QUESTION: 'Is it?', CONTEXTS: ['c'], LABELS: ['BACKGROUND'], final_decision: 'yes' },
      '67890': { QUESTION: 'Is it not?', CONTEXTS: ['c'], LABELS: ['BACKGROUND'] },
    };
    writeFileSync(join(dataDirectory, 'ori_pqal.json'), JSON.stringify(entries, null, 4));
    const result = await runCli(
      ['run', '--benchmarks', 'pubmed_qa', '--models', 'baseline:first-option', '--data-dir', dataDirectory],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('ori_pqal.json');
    expect(result.stderr).toContain('67890');
    expect(result.stderr).toContain('final_decision');
  });
});

describe('medhelm list', () => {
  const PUBLIC_CLOSED_ENDED = [
    'ehr_sql',
    'head_qa',
    'med_mcqa',
    'med_qa',
    'medbullets',
    'medcalc_bench',
    'medec',
    'medhallu',
    'pubmed_qa',
    'race_based_med',
  ];

  const PUBLIC_OPEN_ENDED = [
    'aci_bench',
    'med_dialog',
    'medi_qa',
    'medication_qa',
    'mtsamples_procedures',
    'mtsamples_replicate',
  ];

  // The gated benchmarks installed with the runner (their data comes under a data use agreement).
  const GATED = [
    'dischargeme',
    'ehrshot',
    'medalign',
    'mimic_bhc',
    'mimic_rrs',
    'mimiciv_billing_code',
    'n2c2_ct_matching',
  ];

  // The private benchmarks installed with the runner (they run on a health system's own records).
  const PRIVATE = [
    'chw_care_plan',
    'clear',
    'mental_health',
    'shc_bmt_med',
    'shc_cdi_med',
    'shc_conf_med',
    'shc_ent_med',
    'shc_gip_med',
    'shc_privacy_med',
    'shc_proxy_med',
    'shc_ptbm_med',
    'shc_sei_med',
    'shc_sequoia_med',
    'starr_patient_instructions',
  ];

  // HELM's user-defined benchmark (not on the leaderboard): private unless its YAML says otherwise.
  const USER_DEFINED = ['medhelm_configurable_benchmark'];
  // Benchmarks beyond HELM's catalogue (docs/helm-differences.md), public.
  const BEYOND_HELM = ['healthbench'];

  it('lists the public, gated and private benchmarks and the user-defined one as JSON', async () => {
    const result = await runCli(['list', '--json'], { cwd: temporaryDirectory() });
    expect(result.exitCode).toBe(0);
    const rows = JSON.parse(result.stdout) as ListedBenchmark[];
    expect(rows.map((row) => row.id).filter((id) => PUBLIC_CLOSED_ENDED.includes(id))).toEqual(
      PUBLIC_CLOSED_ENDED,
    );
    expect(rows.map((row) => row.id).filter((id) => PUBLIC_OPEN_ENDED.includes(id))).toEqual(
      PUBLIC_OPEN_ENDED,
    );
    expect(rows.map((row) => row.id).filter((id) => GATED.includes(id))).toEqual(GATED);
    expect(rows.map((row) => row.id).filter((id) => PRIVATE.includes(id))).toEqual(PRIVATE);
    expect(rows).toHaveLength(
      PUBLIC_CLOSED_ENDED.length +
        PUBLIC_OPEN_ENDED.length +
        GATED.length +
        PRIVATE.length +
        USER_DEFINED.length +
        BEYOND_HELM.length,
    );
    for (const row of rows) {
      const access = GATED.includes(row.id)
        ? 'gated'
        : PRIVATE.includes(row.id) || USER_DEFINED.includes(row.id)
          ? 'private'
          : 'public';
      expect(row.access, row.id).toBe(access);
    }
  });

  it('shows id, name, category, access tier, jury, data and sample in a table that fits 120 columns', async () => {
    const result = await runCli(['list'], { cwd: temporaryDirectory() });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^id +name +cat +access +jury +data +sample$/);
    expect(result.stdout).toMatch(/\nmed_mcqa +MedMCQA +CDS +public +- +download +invented\n/);
    // Open-ended benchmarks need the LLM jury; gated and private data must be obtained.
    expect(result.stdout).toMatch(/\naci_bench +ACI-Bench +CNG +public +yes +download +real\n/);
    expect(result.stdout).toMatch(/\nmimic_bhc +MIMIC-IV-BHC +CNG +gated +yes +obtain +invented\n/);
    expect(result.stdout).toMatch(/\nshc_bmt_med +BMT-Status +MRA +private +- +obtain +invented\n/);
    expect(result.stdout).toMatch(
      /\nmedhelm_configurable_benchmark +User-defined benchmark +CDS +private +- +config +invented\n/,
    );
    expect(result.stdout).toContain('cat: CDS Clinical Decision Support, CNG Clinical Note Generation,');
    expect(result.stdout).toContain('AW Administration and Workflow.');
    expect(result.stdout).toContain('jury: yes = its headline is scored by an LLM jury');
    expect(result.stdout).toContain(
      'data: download = fetched from its pinned upstream URL; obtain = you obtain it',
    );
    expect(result.stdout).toContain(
      'sample: what --sample runs on: real upstream rows, or invented fixtures',
    );
  });

  it('fits every line of `medhelm list` and `medhelm list --release v2.0.0` in 120 columns', async () => {
    const cwd = temporaryDirectory();
    for (const argv of [['list'], ['list', '--release', 'v2.0.0']]) {
      const result = await runCli(argv, { cwd });
      expect(result.exitCode).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      // Every installed benchmark has its row (38, or the release's 37).
      expect(lines.length, argv.join(' ')).toBeGreaterThan(40);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(120);
    }
  });

  it('shows every column with --wide: the full category, subcategory, headline metric and version', async () => {
    const result = await runCli(['list', '--wide'], { cwd: temporaryDirectory() });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(
      /^id +name +category +subcategory +access +jury +data +sample +headline metric +version$/,
    );
    expect(result.stdout).toMatch(
      /med_mcqa +MedMCQA +Clinical Decision Support +Providing Clinical Knowledge Support +public +- +download +invented +exact_match \(valid\) +1\n/,
    );
    // HELM's usual test split goes without saying.
    expect(result.stdout).toMatch(/\npubmed_qa +PubMedQA .* +public +- +download +real +exact_match +1\n/);
    const release = await runCli(['list', '--release', 'v2.0.0', '--wide'], { cwd: temporaryDirectory() });
    expect(release.stdout).toMatch(
      /\nid +name +category +subcategory +access +jury +data +sample +headline metric +version\n/,
    );
  });

  it('says in JSON whether each benchmark needs judges and where its data comes from', async () => {
    const result = await runCli(['list', '--json'], { cwd: temporaryDirectory() });
    const rows = JSON.parse(result.stdout) as Array<
      ListedBenchmark & { needsJudges: boolean; dataSource: string }
    >;
    const row = (id: string) => rows.find((candidate) => candidate.id === id);
    expect([row('aci_bench')?.needsJudges, row('medication_qa')?.needsJudges]).toEqual([true, true]);
    expect([row('pubmed_qa')?.needsJudges, row('ehrshot')?.needsJudges]).toEqual([false, false]);
    for (const listed of rows) {
      const expected =
        listed.id === 'medhelm_configurable_benchmark'
          ? 'config'
          : listed.access === 'public'
            ? 'download'
            : 'obtain';
      expect(listed.dataSource, listed.id).toBe(expected);
    }
    // The fields it had before stay.
    expect(Object.keys(row('pubmed_qa') ?? {})).toEqual(
      expect.arrayContaining([
        'license',
        'sampleInvented',
        'mainMetric',
        'mainSplit',
        'correctedMetric',
        'version',
        'variants',
        'package',
      ]),
    );
  });

  // Each plugin's data/ README (LICENSE-DATA.md, README.md or DATA.md) says what its package
  // bundles: these seven ship real upstream rows; every other sample was invented for its package
  // (gated and private data cannot be shipped, and some public licences forbid it). ehr_sql's real
  // questions run against an invented database, so its sample counts as invented.
  const REAL_SAMPLES = [
    'aci_bench',
    'head_qa',
    'medcalc_bench',
    'medec',
    'medhallu',
    'pubmed_qa',
    'race_based_med',
  ];

  it('has the corrected headline of every first-party benchmark in the leaderboard schema summarize uses', async () => {
    const result = await runCli(['list', '--json'], { cwd: temporaryDirectory() });
    const rows = JSON.parse(result.stdout) as Array<ListedBenchmark & { correctedMetric: string | null }>;
    for (const entry of MEDHELM_SCHEMA.benchmarks) {
      const row = rows.find((candidate) => candidate.id === entry.name);
      expect(row, entry.name).toBeDefined();
      expect(entry.corrected_name ?? null, entry.name).toBe(row?.correctedMetric);
    }
    expect(rows.find((row) => row.id === 'medication_qa')?.correctedMetric).toBe(
      'medication_qa_accuracy_valid_only',
    );
  });

  it('says of every first-party benchmark whether its bundled sample is invented', async () => {
    const result = await runCli(['list', '--json'], { cwd: temporaryDirectory() });
    expect(result.exitCode).toBe(0);
    const rows = JSON.parse(result.stdout) as ListedBenchmark[];
    expect(rows.map((row) => row.id).sort()).toEqual(Object.keys(FIRST_PARTY_BENCHMARK_PACKAGES).sort());
    for (const row of rows) {
      expect(typeof row.sampleInvented, row.id).toBe('boolean');
      expect(row.sampleInvented, row.id).toBe(!REAL_SAMPLES.includes(row.id));
    }
    const invented = (id: string) => rows.find((row) => row.id === id)?.sampleInvented;
    expect([invented('pubmed_qa'), invented('aci_bench')]).toEqual([false, false]);
    expect([invented('medication_qa'), invented('ehr_sql'), invented('med_qa')]).toEqual([true, true, true]);
  });

  it.skipIf(fidelityDirectory === undefined)(
    "matches MedHELM's catalogue (reference/medhelm-benchmarks.json) for each benchmark",
    async () => {
      const catalogue = JSON.parse(
        readFileSync(join(fidelityDirectory ?? '', 'reference', 'medhelm-benchmarks.json'), 'utf8'),
      ) as Array<{
        name: string;
        displayName: string;
        category: string;
        subcategory: string;
        access: string;
        headlineMetric: string;
      }>;
      const result = await runCli(['list', '--json'], { cwd: temporaryDirectory() });
      for (const row of JSON.parse(result.stdout) as ListedBenchmark[]) {
        if (USER_DEFINED.includes(row.id) || BEYOND_HELM.includes(row.id)) continue;
        const entry = catalogue.find((candidate) => candidate.name === row.id);
        expect(entry, row.id).toBeDefined();
        // A subcategory may carry a remark too: "Documenting Patient Visits (per run-entries comment)".
        expect([row.displayName, row.category, row.subcategory, row.access], row.id).toEqual([
          entry?.displayName,
          entry?.category,
          entry?.subcategory.replace(/ \(per run-entries comment\)$/, ''),
          entry?.access,
        ]);
        // The catalogue's headline may carry a remark: "exact_match (on split 'valid')".
        expect(entry?.headlineMetric.split(' ')[0], row.id).toBe(row.mainMetric);
      }
    },
  );
});

interface ListedBenchmark {
  id: string;
  displayName: string;
  category: string;
  subcategory: string;
  access: string;
  sampleInvented: boolean | null;
  mainMetric: string;
  mainSplit: string;
}

describe('medhelm run --sample over every public benchmark', () => {
  it('runs each on the sample its package bundles, with the baseline, in one invocation', {
    timeout: 180_000,
  }, async () => {
    const cwd = temporaryDirectory();
    const listed = JSON.parse((await runCli(['list', '--json'], { cwd })).stdout) as ListedBenchmark[];
    // HealthBench needs its grader, a model call the baseline cannot stand in for: cli-healthbench.test.ts runs it.
    const publicIds = listed
      .filter((row) => row.access === 'public' && row.id !== 'healthbench')
      .map((row) => row.id);
    expect(publicIds).toHaveLength(16);
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        publicIds.join(','),
        '--models',
        'baseline:first-option',
        '--sample',
        '--suite',
        'all',
      ],
      { cwd },
    );
    expect(result.stderr).not.toContain('error');
    expect(result.exitCode).toBe(0);
    const runs = readdirSync(join(cwd, 'benchmark_output', 'runs', 'all'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name.split(/[:,]/)[0]);
    // med_dialog runs both subsets, as the leaderboard does.
    expect([...new Set(runs)].sort()).toEqual([...publicIds].sort());
    expect(runs.filter((id) => id === 'med_dialog')).toHaveLength(2);
  });
});
