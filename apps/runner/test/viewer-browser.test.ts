import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type DirectoryServer, serveDirectory } from '@medhelm/leaderboard';
import { startMockModelServer } from '@medhelm/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeJuryModelsFile } from './jury-models-file.ts';
import { runCli } from './run-cli.ts';
import { startServe } from './start-serve.ts';

// `medhelm serve` and `medhelm export-site` in Debian's Chromium (headless, driven by
// playwright-core): the numbers the pages show are compared with the run directories' stats files.
// .ci/run installs the chromium package when it is missing; elsewhere the test is skipped.
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(`viewer browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium).`);
}

interface StatRecord {
  name: { name: string; split?: string; sub_split?: string; perturbation?: unknown };
  mean?: number;
}

/** A run directory as the test reads it: whole files, small runs. */
class RunDirectory {
  constructor(readonly path: string) {}
  json<T>(file: string): T {
    return JSON.parse(readFileSync(join(this.path, file), 'utf8')) as T;
  }
  get name(): string {
    return this.json<{ name: string }>('run_spec.json').name;
  }
  get model(): string {
    return this.json<{ adapter_spec: { model: string } }>('run_spec.json').adapter_spec.model;
  }
  get benchmark(): string {
    return this.json<{ benchmark: string }>('medhelm_run.json').benchmark;
  }
  get headline(): string {
    return this.json<{ headline: { name: string } }>('medhelm_run.json').headline.name;
  }
  /** stats.json's plain mean of a test stat. */
  mean(name: string): number | undefined {
    return this.json<StatRecord[]>('stats.json').find((candidate) => isPlainTest(candidate, name))?.mean;
  }
  /**
   * per_instance_stats.json's instances with their stats: HELM writes one entry per instance and
   * metric group (a jury benchmark has several), so entries of one id are merged.
   */
  instances(): Array<{ id: string; stats: StatRecord[] }> {
    const byId = new Map<string, StatRecord[]>();
    for (const entry of this.json<Array<{ instance_id: string; stats: StatRecord[] }>>(
      'per_instance_stats.json',
    )) {
      byId.set(entry.instance_id, [...(byId.get(entry.instance_id) ?? []), ...entry.stats]);
    }
    return [...byId].map(([id, stats]) => ({ id, stats }));
  }
  /** scenario_state.json's first completion of an instance. */
  completion(id: string): string {
    const state = this.json<{
      request_states: Array<{ instance: { id: string }; result: { completions: Array<{ text: string }> } }>;
    }>('scenario_state.json').request_states.find((candidate) => candidate.instance.id === id);
    return state?.result.completions[0]?.text ?? '';
  }
}

function isPlainTest(stat: StatRecord, name: string): boolean {
  return (
    stat.name.name === name &&
    stat.name.split === 'test' &&
    stat.name.sub_split === undefined &&
    stat.name.perturbation === undefined
  );
}

/** A number as the viewer shows it: three decimals, a dash when unknown. */
const shown = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(3));

describe.skipIf(!hasChromium)('the results viewer in Chromium (medhelm serve, medhelm export-site)', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'medhelm-viewer-'));
  const output = join(cwd, 'out');
  const closers: Array<() => Promise<unknown>> = [];
  let browser: Browser;
  let runs: RunDirectory[] = [];

  beforeAll(async () => {
    // The served model alternates A and B; of the judges, gpt scores 4, claude 2, llama replies
    // malformed JSON (dropped as invalid, as HELM drops it).
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: (_call, index) => (index % 2 ? 'B' : 'A'),
      jury: {
        byModel: { 'judge-llama': 'malformed-json' },
        score: (call) => (call.model === 'judge-gpt' ? 4 : 2),
      },
    });
    closers.push(() => server.close());
    writeJuryModelsFile(cwd, server.baseUrl, 'served');
    const run = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'pubmed_qa,aci_bench',
        '--models',
        'baseline:first-option,served',
        '--judges',
        'gpt=judge-gpt,llama=judge-llama,claude=judge-claude',
        '--sample',
        '--max-eval-instances',
        '4',
        '--suite',
        'view',
        '-o',
        output,
        // llama's replies (a third) are invalid: accepted, to view them.
        '--max-invalid-judge-replies',
        '0.5',
      ],
      { cwd },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const suite = join(output, 'runs', 'view');
    runs = readdirSync(suite, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => new RunDirectory(join(suite, entry.name)));
    expect(runs).toHaveLength(4);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    closers.push(() => browser.close());
  }, 240_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  /** Opens a page of the site and waits for a test id to be shown. */
  async function open(url: string, testId: string): Promise<Page> {
    const page = await browser.newPage();
    closers.push(() => page.close());
    await page.goto(url);
    await page.getByTestId(testId).first().waitFor({ state: 'attached', timeout: 15_000 });
    return page;
  }

  /** The run page's headline row is stats.json's (none when stats.json has no such stat). */
  async function expectRunStat(page: Page, run: RunDirectory): Promise<void> {
    const cell = page.getByTestId(`run-stat:${run.headline}:test`);
    const mean = run.mean(run.headline);
    if (mean === undefined) expect(await cell.count()).toBe(0);
    else expect(await cell.textContent()).toBe(shown(mean));
  }

  /** The leaderboard, a run page and an instance page of every run show the stats files' numbers. */
  async function checkSite(url: string): Promise<void> {
    const leaderboard = await open(url, 'leaderboard');
    for (const run of runs) {
      const cell = leaderboard.getByTestId(`benchmark:${run.benchmark}:${run.model}`);
      expect(await cell.textContent(), `${run.name} on the leaderboard`).toBe(shown(run.mean(run.headline)));
    }
    await leaderboard.getByTestId('cost-plot').locator('svg circle').first().waitFor({ state: 'attached' });
    // The cost axis reads as round dollars or tokens ($0.002, 39K), never `38,979.000000`.
    const ticks = await leaderboard
      .getByTestId('cost-plot')
      .locator('[aria-label="x-axis tick label"] text')
      .allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^(\$\d[\d,]*(\.\d{1,4})?|\d+(\.\d)?[KMB]?)$/);
    // Both models are labelled beside their dots (two labels never crowd each other out).
    const labels = await leaderboard
      .getByTestId('cost-plot')
      .locator('svg g[aria-label="text"] text')
      .allTextContents();
    expect(labels.sort()).toEqual([...new Set(runs.map((run) => run.model))].sort());
    for (const run of runs) {
      const runPage = await open(`${url}#/run/${encodeURIComponent(run.name)}`, 'run-model');
      await expectRunStat(runPage, run);
      expect(await runPage.getByTestId('run-model').textContent()).toBe(run.model);
      // What produced the numbers: the release, and the data file's digest as recorded.
      expect(await runPage.getByTestId('provenance:Release').textContent()).toBe('Releasev2.0.0');
      const dataFile = run.json<{ provenance: { data: { files: Array<{ path: string; sha256: string }> } } }>(
        'medhelm_run.json',
      ).provenance.data.files[0];
      if (dataFile === undefined) throw new Error(`${run.name} records no data file`);
      expect(await runPage.getByTestId(`provenance:Data file ${dataFile.path}`).textContent()).toContain(
        dataFile.sha256,
      );
      expect(await runPage.getByTestId('instance-count').textContent()).toContain(
        `${run.instances().length} of ${run.instances().length} instances`,
      );
      // The deep link to the last instance opens it with its own stats and completion.
      const last = run.instances().at(-1);
      if (last === undefined) throw new Error(`${run.name} has no instance`);
      const instancePage = await open(
        `${url}#/run/${encodeURIComponent(run.name)}?instance=${encodeURIComponent(last.id)}`,
        'instance-view',
      );
      expect(await instancePage.getByTestId('instance-view').getAttribute('data-instance-id')).toBe(last.id);
      for (const stat of last.stats.filter((candidate) => candidate.name.split === 'test')) {
        if (!isPlainTest(stat, stat.name.name) || stat.mean === undefined) continue;
        expect(
          await instancePage.getByTestId(`instance-stat:${stat.name.name}:test`).textContent(),
          `${run.name} ${last.id} ${stat.name.name}`,
        ).toBe(shown(stat.mean));
      }
      const headline = last.stats.find((stat) => isPlainTest(stat, run.headline))?.mean;
      expect(await instancePage.getByTestId('instance-headline').textContent()).toBe(shown(headline));
      expect(await instancePage.getByTestId('completion').textContent()).toBe(run.completion(last.id));
      if (run.benchmark === 'aci_bench' && run.model !== 'baseline/first-option') {
        // (The baseline's empty completions ask no judge, as in HELM.) Three judges: llama's malformed reply is flagged, gpt's and claude's scores are shown.
        expect(await instancePage.getByTestId('judge:llama').textContent()).toContain('invalid reply');
        expect(await instancePage.getByTestId('judge:gpt').textContent()).toContain('4');
        expect(await instancePage.getByTestId('judge:claude').textContent()).not.toContain('invalid reply');
      }
    }
  }

  it('serves the suite on 127.0.0.1 with the numbers of the stats files', { timeout: 120_000 }, async () => {
    const serve = await startServe(['--suite', 'view', '-o', output, '--port', '0'], cwd);
    try {
      expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      await checkSite(serve.url);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it('exports a static site with the same pages', { timeout: 120_000 }, async () => {
    const site = join(cwd, 'site');
    const result = await runCli(['export-site', site, '--suite', 'view', '-o', output], { cwd });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(existsSync(join(site, 'index.html'))).toBe(true);
    const server: DirectoryServer = await serveDirectory(site);
    closers.push(() => server.close());
    await checkSite(server.url);
  });

  it('exports a site that works opened from disk (file://), with the same pages', {
    timeout: 120_000,
  }, async () => {
    // How people open a folder someone sent them: no server, so no fetch() and no module scripts.
    const site = join(cwd, 'disk-site');
    const result = await runCli(['export-site', site, '--suite', 'view', '-o', output], { cwd });
    expect(result.exitCode, result.stderr).toBe(0);
    const url = pathToFileURL(join(site, 'index.html')).href;
    const errors: string[] = [];
    const leaderboard = await open(url, 'leaderboard');
    leaderboard.on('pageerror', (error) => errors.push(error.message));
    for (const model of new Set(runs.map((run) => run.model))) {
      expect(await leaderboard.locator('table.leaderboard tbody th').allTextContents()).toContain(model);
    }
    // The leaderboard, every run page and a deep link to an instance, as served.
    await checkSite(url);
    // A run page lists its instances; the first opens on a click, loaded from its page file.
    const [run] = runs;
    if (run === undefined) throw new Error('no run');
    const runPage = await open(`${url}#/run/${encodeURIComponent(run.name)}`, 'instance-count');
    runPage.on('pageerror', (error) => errors.push(error.message));
    const instances = run.instances();
    const first = instances[0];
    if (first === undefined) throw new Error(`${run.name} has no instance`);
    expect(await runPage.locator('.instance-list li a').allTextContents()).toEqual(
      instances.map((instance) => instance.id),
    );
    await runPage.locator('.instance-list li a').first().click();
    await runPage.getByTestId('instance-view').waitFor({ state: 'attached' });
    expect(await runPage.getByTestId('instance-view').getAttribute('data-instance-id')).toBe(first.id);
    expect(await runPage.getByTestId('completion').textContent()).toBe(run.completion(first.id));
    expect(errors).toEqual([]);
  });

  it('filters the instances of a run and shows two models side by side on one instance', {
    timeout: 60_000,
  }, async () => {
    const site = join(cwd, 'browse-site');
    const result = await runCli(['export-site', site, '--suite', 'view', '-o', output], { cwd });
    expect(result.exitCode, result.stderr).toBe(0);
    const server = await serveDirectory(site);
    closers.push(() => server.close());
    const [first, second] = runs.filter((run) => run.benchmark === 'pubmed_qa');
    if (first === undefined || second === undefined) throw new Error('two pubmed_qa runs expected');
    const headlineOf = (run: RunDirectory, stats: StatRecord[]) =>
      stats.find((stat) => isPlainTest(stat, run.headline))?.mean;
    // Correct answers only: the instances whose headline (exact_match) is 1 in per_instance_stats.json.
    const instances = first.instances();
    const correct = instances.filter((instance) => headlineOf(first, instance.stats) === 1).length;
    const runPage = await open(`${server.url}#/run/${encodeURIComponent(first.name)}`, 'instance-count');
    await runPage.locator('form.filters select').selectOption('correct');
    await expect
      .poll(() => runPage.getByTestId('instance-count').textContent())
      .toContain(`${correct} of ${instances.length} instances`);
    // Side by side: each model's answer to the same instance, with its own headline.
    const id = instances[0]?.id ?? '';
    const compare = await open(
      `${server.url}#/compare/${encodeURIComponent(first.name)}/${encodeURIComponent(second.name)}?instance=${encodeURIComponent(id)}`,
      'instance-view',
    );
    for (const run of [first, second]) {
      const view = compare.getByTestId(`compared:${run.model}`).getByTestId('instance-view');
      await view.waitFor({ state: 'attached' });
      expect(await view.getAttribute('data-instance-id')).toBe(id);
      const stats = run.instances().find((instance) => instance.id === id)?.stats ?? [];
      expect(await view.getByTestId('instance-headline').textContent()).toBe(shown(headlineOf(run, stats)));
      expect(await view.getByTestId('completion').textContent()).toBe(run.completion(id));
    }
  });

  it('marks headlines on invented data or with invalid judge replies, and says why on the run page', {
    timeout: 60_000,
  }, async () => {
    // Run directories written by hand, as medhelm run writes them when medhelm_run.json records
    // invented data (`data`) and the jury's replies (`jury_replies`).
    const handOutput = join(cwd, 'caveats-out');
    const writeRun = (model: string, value: number, report: Record<string, unknown>) => {
      const name = `medication_qa:model=${model.replace('/', '_')}`;
      const stat = {
        name: { name: 'medication_qa_accuracy', split: 'test' },
        count: 1,
        sum: value,
        mean: value,
      };
      const directory = join(handOutput, 'runs', 'caveats', name);
      mkdirSync(directory, { recursive: true });
      const files: Record<string, unknown> = {
        'run_spec.json': { name, adapter_spec: { model }, groups: ['medication_qa'] },
        'stats.json': [stat],
        'medhelm_run.json': { benchmark: 'medication_qa', access: 'public', ...report },
      };
      for (const [file, json] of Object.entries(files))
        writeFileSync(join(directory, file), JSON.stringify(json));
      return name;
    };
    const marked = writeRun('org/marked', 0.8, {
      data: { source: 'sample', invented: true },
      jury_replies: { total: 15, invalid: 3, limit: 0.1, judges: {} },
    });
    const plain = writeRun('org/plain', 0.6, { data: { source: 'download', invented: false } });
    const site = join(cwd, 'caveats-site');
    const result = await runCli(['export-site', site, '--suite', 'caveats', '-o', handOutput], { cwd });
    expect(result.exitCode, result.stderr).toBe(0);
    const server = await serveDirectory(site);
    closers.push(() => server.close());
    const leaderboard = await open(server.url, 'leaderboard');
    // The value stays the number; the marks sit beside it, each with its reason as tooltip.
    expect(await leaderboard.getByTestId('benchmark:medication_qa:org/marked').textContent()).toBe('0.800');
    const marks = leaderboard.getByTestId('caveats:benchmark:medication_qa:org/marked');
    expect(await marks.textContent()).toBe('†!');
    expect(await marks.locator('abbr').nth(1).getAttribute('title')).toBe(
      '3 of 15 judge replies were invalid (20%): HELM scored those instances 1.0.',
    );
    expect(await leaderboard.getByTestId('caveats:benchmark:medication_qa:org/plain').count()).toBe(0);
    expect(await leaderboard.getByTestId('caveat-legend').textContent()).toContain('† invented sample data');
    const markedPage = await open(`${server.url}#/run/${encodeURIComponent(marked)}`, 'run-model');
    expect(await markedPage.getByTestId('caveat-banner:invented').textContent()).toBe(
      'Invented sample data: these numbers say nothing about the model’s real performance.',
    );
    expect(await markedPage.getByTestId('caveat-banner:invalid-judge-replies').textContent()).toBe(
      '3 of 15 judge replies were invalid (20%): HELM scored those instances 1.0.',
    );
    const plainPage = await open(`${server.url}#/run/${encodeURIComponent(plain)}`, 'run-model');
    expect(await plainPage.locator('.caveat-banner').count()).toBe(0);
  });

  it('exports metrics only: no per-instance data, run pages still show the stats', {
    timeout: 60_000,
  }, async () => {
    const site = join(cwd, 'metrics-site');
    const result = await runCli(['export-site', site, '--suite', 'view', '-o', output, '--metrics-only'], {
      cwd,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const runFolders = readdirSync(join(site, 'data', 'runs'));
    for (const folder of runFolders) {
      expect(readdirSync(join(site, 'data', 'runs', folder)).sort()).toEqual(['run.js', 'run.json']);
    }
    const server = await serveDirectory(site);
    closers.push(() => server.close());
    const [run] = runs;
    if (run === undefined) throw new Error('no run');
    const page = await open(`${server.url}#/run/${encodeURIComponent(run.name)}`, 'run-model');
    await expectRunStat(page, run);
    expect(await page.textContent('body')).toContain('No per-instance data');
  });
});
