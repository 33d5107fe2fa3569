import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// Plugin packages as a third party publishes them, installed in a project's node_modules. They are
// plain ESM objects (a published plugin would build them with @medhelm/core's define* helpers).
const answerLengthScorer = `
const scorer = {
  specificationVersion: 'v1',
  id: 'answer_length',
  statNames: ['answer_length'],
  score: ({ completion }) => ({ answer_length: completion.length }),
};
export const plugin = {
  specificationVersion: 'v1',
  name: 'answer-length-scorer',
  kind: 'scorer',
  register: (context) => context.registerScorer(scorer),
};
`;

const fixtures: Record<
  string,
  { manifest?: unknown; source: string; dependencies?: Record<string, string> }
> = {
  'answer-length-scorer': {
    manifest: { kind: 'scorer', specificationVersion: 'v1', ids: ['answer_length'] },
    source: answerLengthScorer,
  },
  'bad-shape-plugin': {
    manifest: { kind: 'scorer', specificationVersion: 'v1', ids: ['x'] },
    source:
      "export const plugin = { specificationVersion: 'v1', name: 'bad-shape-plugin', register: 'nope' };",
  },
  'future-plugin': {
    manifest: { kind: 'scorer', specificationVersion: 'v2', ids: ['x'] },
    source: 'throw new Error("must not be executed");',
  },
  'throwing-plugin': {
    manifest: { kind: 'scorer', specificationVersion: 'v1', ids: ['x'] },
    source:
      "export const plugin = { specificationVersion: 'v1', name: 'throwing-plugin', kind: 'scorer', register() { throw new Error('database unreachable'); } };",
  },
  'import-fails-plugin': {
    manifest: { kind: 'scorer', specificationVersion: 'v1', ids: ['x'] },
    source: "import 'left-pad-that-is-not-installed';\nexport const plugin = {};",
  },
  // Scorer bugs: a plain Error, a stat it does not declare, a NaN value.
  'buggy-scorers': {
    manifest: { kind: 'scorer', specificationVersion: 'v1', ids: ['throws', 'undeclared', 'not_a_number'] },
    source: `
const scorers = [
  { specificationVersion: 'v1', id: 'throws', statNames: ['t'], score: () => { throw new TypeError('cannot read "x"'); } },
  { specificationVersion: 'v1', id: 'undeclared', statNames: ['u'], score: () => ({ u: 1, surprise: 2 }) },
  { specificationVersion: 'v1', id: 'not_a_number', statNames: ['n'], score: () => ({ n: Number.NaN }) },
];
export const plugin = { specificationVersion: 'v1', name: 'buggy-scorers', kind: 'scorer', register: (c) => scorers.forEach((s) => c.registerScorer(s)) };
`,
  },
  // A benchmark without its HELM description and category.
  'broken-benchmark': {
    manifest: { kind: 'benchmark', specificationVersion: 'v1', ids: ['broken_benchmark'] },
    source: `
const benchmark = {
  specificationVersion: 'v1', id: 'broken_benchmark', displayName: 'Broken', description: '',
  subcategory: 'x', access: 'public', license: 'MIT',
  dataset: { specificationVersion: 'v1', access: 'public', license: 'MIT', upstream: { url: '' }, files: [], async *load() {} },
  prompt: { specificationVersion: 'v2', adapterSpec: {}, compile: () => () => ({}) },
  normalizers: [],
  scorers: [{ specificationVersion: 'v1', id: 'n', statNames: ['n'], score: () => ({ n: 1 }) }],
  mainMetric: { name: 'n', split: 'test' },
};
export const plugin = { specificationVersion: 'v1', name: 'broken-benchmark', kind: 'benchmark', register: (c) => c.registerBenchmark(benchmark) };
`,
  },
  'clash-scorer': {
    manifest: { kind: 'scorer', specificationVersion: 'v1', ids: ['clash'] },
    source:
      "export const plugin = { specificationVersion: 'v1', name: 'clash-scorer', kind: 'scorer', register: (c) => c.registerScorer({ specificationVersion: 'v1', id: 'clash', statNames: ['exact_match'], score: () => ({ exact_match: 1 }) }) };",
  },
};

/** A project folder with the fixture packages installed and `dependencies` in its package.json. */
function project(dependencies: string[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'medhelm-plugins-'));
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({
      name: 'study',
      dependencies: Object.fromEntries(dependencies.map((name) => [name, '^1.0.0'])),
    }),
  );
  for (const [name, fixture] of Object.entries(fixtures)) {
    const directory = join(root, 'node_modules', name);
    mkdirSync(directory, { recursive: true });
    writeFileSync(
      join(directory, 'package.json'),
      JSON.stringify({
        name,
        version: '1.0.0',
        type: 'module',
        exports: { '.': { import: './index.mjs' } },
        ...(fixture.manifest === undefined ? {} : { medhelm: fixture.manifest }),
      }),
    );
    writeFileSync(join(directory, 'index.mjs'), fixture.source);
  }
  return root;
}

function writeConfig(root: string, config: unknown, name = 'medhelm.config.json'): string {
  writeFileSync(join(root, name), JSON.stringify(config));
  return name;
}

const RUN = ['run', '--benchmarks', 'pubmed_qa', '--models', 'baseline:first-option', '--sample'];

describe('medhelm plugins list', () => {
  it('lists every plugin with where it was found, its version and specification version', async () => {
    const root = project(['answer-length-scorer']);
    writeFileSync(
      join(root, 'options-plugin.mjs'),
      "export function createPlugin(options) { return { specificationVersion: 'v1', name: 'options-plugin', kind: 'scorer', register: (c) => c.registerScorer({ specificationVersion: 'v1', id: options.id, statNames: ['n'], score: () => ({ n: 1 }) }) }; }",
    );
    const config = writeConfig(root, {
      plugins: [['./options-plugin.mjs', { id: 'configured' }]],
      discoverPlugins: true,
    });
    const result = await runCli(['plugins', 'list', '--config', config], { cwd: root });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^@medhelm\/runner \d+\.\d+\.\d+, plugin specification v1\n/);
    expect(result.stdout).toMatch(
      /@medhelm\/benchmark-pubmed-qa +\d+\.\d+\.\d+ +benchmark +v1 +pubmed_qa +installed with @medhelm\/runner +ok/,
    );
    expect(result.stdout).toMatch(
      /answer-length-scorer +1\.0\.0 +scorer +v1 +answer_length +dependency in package\.json +ok/,
    );
    expect(result.stdout).toMatch(
      /\.\/options-plugin\.mjs +- +scorer +v1 +configured +plugins in medhelm\.config\.json +ok/,
    );

    const json = await runCli(['plugins', 'list', '--config', config, '--json'], { cwd: root });
    const listed = JSON.parse(json.stdout) as Array<{
      packageName: string;
      origin: string;
      location: string;
    }>;
    expect(listed.find((plugin) => plugin.packageName === 'answer-length-scorer')).toMatchObject({
      origin: 'project',
      location: join(root, 'node_modules', 'answer-length-scorer'),
    });
  });

  it('shows each broken plugin with the package and the problem, and exits 2', async () => {
    const root = project();
    writeFileSync(
      join(root, 'future-export.mjs'),
      "export const plugin = { specificationVersion: 'v2', name: 'x', kind: 'scorer', register() {} };",
    );
    const config = writeConfig(root, {
      plugins: [
        'answer-length-scorer',
        'bad-shape-plugin',
        'future-plugin',
        './future-export.mjs',
        'throwing-plugin',
        'import-fails-plugin',
        'not-installed-plugin',
        ['answer-length-scorer/extra', {}],
      ],
    });
    const result = await runCli(['plugins', 'list', '--config', config], { cwd: root });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toMatch(
      /answer-length-scorer +1\.0\.0 +scorer +v1 +answer_length +plugins in medhelm\.config\.json +ok/,
    );
    expect(result.stdout).toMatch(
      /throwing-plugin +1\.0\.0 +scorer +v1 +x +plugins in medhelm\.config\.json +error/,
    );
    const errors = result.stderr;
    expect(errors).toContain(
      'error: Plugin "bad-shape-plugin": its plugin export is malformed at "kind": Invalid option: expected one of',
    );
    expect(errors).toContain(
      'error: Plugin "future-plugin": its package.json manifest declares specificationVersion "v2", which this runner cannot load.',
    );
    expect(errors).toContain(
      'error: Plugin "./future-export.mjs": its plugin export declares specificationVersion "v2", which this runner cannot load.',
    );
    expect(errors).toContain('error: Plugin "throwing-plugin": register() failed: database unreachable');
    expect(errors).toMatch(
      /error: Plugin "import-fails-plugin": could not be imported: .*left-pad-that-is-not-installed/,
    );
    expect(errors).toContain('error: Plugin "not-installed-plugin": is not installed');
    expect(errors).toContain(
      'error: Plugin "answer-length-scorer/extra": its package.json exports no "./extra" entry point',
    );
    // The error that register() threw, and where, only with --verbose.
    expect(errors).not.toContain('caused by: Error: database unreachable');
    const verbose = await runCli(['plugins', 'list', '--config', config, '--verbose'], { cwd: root });
    expect(verbose.stderr).toMatch(/\n {2}caused by: Error: database unreachable\n {4}at /);
  });
});

describe('medhelm run --config', () => {
  it("runs a third-party scorer beside HELM: its stats after HELM's, metric_specs unchanged", async () => {
    const root = project();
    const config = writeConfig(root, {
      plugins: ['answer-length-scorer'],
      scorers: { pubmed_qa: ['answer_length'] },
    });
    const withScorer = await runCli([...RUN, '--config', config, '--suite', 'extra'], { cwd: root });
    expect(withScorer.stderr).not.toContain('error');
    expect(withScorer.exitCode).toBe(0);
    // The results table shows the extra stat under its run: baseline:first-option answers "A",
    // one character, on every instance.
    expect(withScorer.stdout).toMatch(/^ {2}\+ answer_length\s+answer_length\s+1\.000$/m);
    expect(withScorer.stdout).toContain(
      "Rows starting with + are extra scorers' stats (run config \"scorers\"), means on the headline's split; each run directory has them after HELM's in stats.json, and per instance in per_instance_stats.json.",
    );
    const plain = await runCli([...RUN, '--suite', 'plain'], { cwd: root });
    expect(plain.exitCode).toBe(0);
    expect(plain.stdout).not.toMatch(/^ {2}\+ /m);

    const runDirectory = (suite: string) => {
      const directory = join(root, 'benchmark_output', 'runs', suite);
      const [run] = readdirSync(directory, { withFileTypes: true }).filter((entry) => entry.isDirectory());
      return join(directory, run!.name);
    };
    const read = (suite: string, file: string) =>
      JSON.parse(readFileSync(join(runDirectory(suite), file), 'utf8'));
    expect(read('extra', 'run_spec.json').metric_specs).toEqual(read('plain', 'run_spec.json').metric_specs);
    const stats = read('extra', 'stats.json') as Array<{ name: { name: string }; count: number }>;
    const helmStats = read('plain', 'stats.json') as unknown[];
    // HELM's stats come first and are exactly those of the plain run; the extra scorer's follow.
    expect(stats.slice(0, helmStats.length)).toEqual(helmStats);
    const extra = stats.slice(helmStats.length);
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.every((stat) => stat.name.name === 'answer_length')).toBe(true);
    const perInstance = read('extra', 'per_instance_stats.json') as Array<{
      stats: Array<{ name: { name: string } }>;
    }>;
    expect(perInstance.flatMap((entry) => entry.stats.map((stat) => stat.name.name))).toContain(
      'answer_length',
    );
  });

  it('fails a run loudly on a scorer bug, naming the scorer, the instance and the message (exit 1)', async () => {
    const root = project();
    const config = writeConfig(root, {
      plugins: ['buggy-scorers'],
      scorers: { pubmed_qa: ['throws', 'undeclared', 'not_a_number'] },
    });
    const result = await runCli([...RUN, '--config', config], { cwd: root });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /error: scorer throws failed on \d+ instances \(first: instance id\d+: it threw TypeError: cannot read "x"/,
    );
    expect(result.stderr).toMatch(
      /error: scorer undeclared failed on \d+ instances \(first: instance id\d+: it returned the stat "surprise", which is not among its statNames \(u\)/,
    );
    expect(result.stderr).toMatch(
      /error: scorer not_a_number failed on \d+ instances \(first: instance id\d+: it returned NaN for the stat "n"/,
    );
    expect(result.stderr).not.toContain('HELM raises');
    // The run directory is still written, with HELM's own stats and each failure recorded.
    const suite = join(root, 'benchmark_output', 'runs', 'latest');
    const [run] = readdirSync(suite, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const report = JSON.parse(readFileSync(join(suite, run!.name, 'medhelm_run.json'), 'utf8')) as {
      scoring_failures: Array<{ scorerId: string; kind: string }>;
    };
    expect(new Set(report.scoring_failures.map((failure) => `${failure.scorerId}:${failure.kind}`))).toEqual(
      new Set(['throws:scorer-bug', 'undeclared:scorer-bug', 'not_a_number:scorer-bug']),
    );
    const stats = JSON.parse(readFileSync(join(suite, run!.name, 'stats.json'), 'utf8')) as Array<{
      name: { name: string };
    }>;
    expect(stats.map((stat) => stat.name.name)).toContain('exact_match');
  });

  it('refuses a malformed benchmark at registration, naming the package and each field; list does not crash', async () => {
    const root = project();
    const config = writeConfig(root, { plugins: ['broken-benchmark'] });
    const expected =
      'error: Plugin "broken-benchmark": its benchmark "broken_benchmark" is malformed: category: is missing; helm: is missing.';
    const run = await runCli([...RUN, '--config', config], { cwd: root });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(expected);
    const list = await runCli(['list', '--config', config], { cwd: root });
    expect(list.exitCode).toBe(2);
    expect(list.stderr).toContain(expected);
    expect(list.stderr).not.toMatch(/Cannot read properties|TypeError/);
  });

  it('fails before running when a plugin is broken, naming the package and the problem', async () => {
    const root = project();
    const config = writeConfig(root, { plugins: ['throwing-plugin'] }, 'medhelm.config.yaml');
    const result = await runCli([...RUN, '--config', config], { cwd: root });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      'error: Plugin "throwing-plugin": register() failed: database unreachable',
    );
  });

  it("refuses an extra scorer that would add into the benchmark's own HELM stats", async () => {
    const root = project();
    const config = writeConfig(root, { plugins: ['clash-scorer'], scorers: { pubmed_qa: ['clash'] } });
    const result = await runCli([...RUN, '--config', config], { cwd: root });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      'error: Scorer "clash" (clash-scorer) cannot be added to pubmed_qa: its stat(s) exact_match are already pubmed_qa\'s own',
    );
  });

  it('names unknown benchmarks and scorers in "scorers"', async () => {
    const root = project();
    const unknownBenchmark = writeConfig(root, { scorers: { pubmed_qq: ['answer_length'] } }, 'a.json');
    expect((await runCli([...RUN, '--config', unknownBenchmark], { cwd: root })).stderr).toContain(
      'names unknown benchmark "pubmed_qq"',
    );
    const unknownScorer = writeConfig(root, { scorers: { pubmed_qa: ['answer_length'] } }, 'b.json');
    expect((await runCli([...RUN, '--config', unknownScorer], { cwd: root })).stderr).toContain(
      'error: Unknown scorer "answer_length"',
    );
  });

  it('suggests --discover-plugins for an id an undiscovered dependency provides', async () => {
    const root = project(['answer-length-scorer']);
    const config = writeConfig(root, { scorers: { pubmed_qa: ['answer_length'] } });
    const undiscovered = await runCli([...RUN, '--config', config], { cwd: root });
    expect(undiscovered.exitCode).toBe(2);
    expect(undiscovered.stderr).toContain(
      '  hint: answer-length-scorer (dependency in package.json) provides the scorer "answer_length" but was not loaded: pass --discover-plugins',
    );
    const discovered = await runCli([...RUN, '--config', config, '--discover-plugins', '--suite', 'd'], {
      cwd: root,
    });
    expect(discovered.exitCode).toBe(0);
  });
});

describe('medhelm list', () => {
  it('lists benchmarks added by a run config plugin and by discovery', async () => {
    const root = project();
    writeFileSync(
      join(root, 'tiny-benchmark.mjs'),
      "export const plugin = { specificationVersion: 'v1', name: 'tiny', kind: 'benchmark', register() {} };",
    );
    const config = writeConfig(root, { plugins: ['./tiny-benchmark.mjs'] });
    const result = await runCli(['list', '--config', config, '--json'], { cwd: root });
    expect(result.exitCode).toBe(0);
    expect((JSON.parse(result.stdout) as Array<{ id: string }>).map((row) => row.id)).toContain('pubmed_qa');
  });
});
