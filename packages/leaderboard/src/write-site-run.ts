import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRunReport } from './read-run-files.ts';
import { runCaveatsOf } from './score-caveats.ts';
import type {
  SiteAccessTier,
  SiteInstance,
  SiteInstanceIndexEntry,
  SiteInstancePages,
  SiteRun,
  SiteRunEntry,
  SiteStat,
} from './site-data.ts';
import { type SiteHeadline, siteInstanceOf } from './site-instance.ts';
import { isRecord, siteStatOf } from './site-stat.ts';
import { streamJsonArray, streamRequestStates } from './stream-json-array.ts';
import { writeSiteDataFile } from './write-site-data-file.ts';

/** Options of {@link writeSiteRun}. */
export interface WriteSiteRunOptions {
  /** The run directory. */
  directory: string;
  /** The site's data folder: run.json and the instance pages go to `runs/<path>/` in it (created). */
  data: string;
  name: string;
  /** The run's folder under `runs/`. */
  path: string;
  model: string;
  benchmarks: string[];
  headline: SiteHeadline | null;
  /** Leave out per-instance data (prompts, completions, judges): only the run's stats. */
  metricsOnly: boolean;
  /** Instances per page file. */
  pageSize: number;
}

/**
 * Writes a run's viewer data: run.json (run_spec, stats, medhelm_run.json, the instance index) and
 * its instances in pages of `pageSize`. scenario_state.json and per_instance_stats.json are
 * streamed, so memory holds the per-instance stats and one page, however large the run.
 */
export async function writeSiteRun(options: WriteSiteRunOptions): Promise<SiteRun> {
  mkdirSync(join(options.data, 'runs', options.path), { recursive: true });
  const report = readJsonIfPresent(join(options.directory, 'medhelm_run.json'));
  const stats = readJsonIfPresent(join(options.directory, 'stats.json'));
  const statsById = await readInstanceStats(options.directory);
  const entry: SiteRunEntry = {
    name: options.name,
    path: options.path,
    model: options.model,
    benchmarks: options.benchmarks,
    access: accessOf(report),
    // medhelm_run.json read again, as summarize reads it: the raw copy above is passed on as it is.
    caveats: runCaveatsOf(readRunReport(options.directory)),
    instances: statsById.size > 0 ? statsById.size : null,
  };
  const instancePages = options.metricsOnly ? null : await writeInstancePages(options, statsById);
  const run: SiteRun = {
    ...entry,
    instances: instancePages === null ? entry.instances : instancePages.index.length,
    headline: options.headline,
    redacted: isRecord(report) && report.redacted === true,
    run_spec: readJsonIfPresent(join(options.directory, 'run_spec.json')),
    stats: Array.isArray(stats) ? stats.flatMap((stat) => siteStatOf(stat) ?? []) : [],
    report: report ?? null,
    instance_pages: instancePages,
  };
  writeSiteDataFile(options.data, `runs/${options.path}/run.json`, run);
  return run;
}

/** per_instance_stats.json by instance id (first train trial, unperturbed instances only). */
async function readInstanceStats(directory: string): Promise<Map<string, SiteStat[]>> {
  const byId = new Map<string, SiteStat[]>();
  const path = join(directory, 'per_instance_stats.json');
  if (!existsSync(path)) return byId;
  await streamJsonArray(path, (item) => {
    if (!isRecord(item) || typeof item.instance_id !== 'string' || item.perturbation != null) return;
    if (typeof item.train_trial_index === 'number' && item.train_trial_index !== 0) return;
    const stats = Array.isArray(item.stats) ? item.stats.flatMap((stat) => siteStatOf(stat) ?? []) : [];
    byId.set(item.instance_id, [...(byId.get(item.instance_id) ?? []), ...stats]);
  });
  return byId;
}

async function writeInstancePages(
  options: WriteSiteRunOptions,
  statsById: ReadonlyMap<string, SiteStat[]>,
): Promise<SiteInstancePages | null> {
  const path = join(options.directory, 'scenario_state.json');
  if (!existsSync(path)) return null;
  const index: SiteInstanceIndexEntry[] = [];
  let page: SiteInstance[] = [];
  let pages = 0;
  const flush = () => {
    writeSiteDataFile(options.data, `runs/${options.path}/instances-${pages}.json`, page);
    pages++;
    page = [];
  };
  await streamRequestStates(path, (state) => {
    const instance = siteInstanceOf(state, statsById, options.headline);
    if (instance === undefined) return;
    page.push(instance);
    index.push({
      id: instance.id,
      headline: instance.headline,
      judge_spread: instance.judge_spread,
      invalid_judges: instance.judges.filter((judge) => !judge.valid).length,
    });
    if (page.length === options.pageSize) flush();
  });
  if (page.length > 0) flush();
  return { page_size: options.pageSize, pages, index };
}

function accessOf(report: unknown): SiteAccessTier | null {
  if (!isRecord(report)) return null;
  return report.access === 'public' || report.access === 'gated' || report.access === 'private'
    ? report.access
    : null;
}

/** A small JSON file of the run directory, parsed; undefined when absent. */
function readJsonIfPresent(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}
