import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A stat of stats.json or per_instance_stats.json, as HELM writes it. */
export interface StatRecord {
  name: { name: string; split?: string; perturbation?: unknown };
  count: number;
  mean?: number;
}

/** Reads the run directories a `medhelm run` wrote under `<cwd>/benchmark_output/runs/<suite>`. */
export class RunOutput {
  readonly suiteDirectory: string;

  constructor(cwd: string, suite: string) {
    this.suiteDirectory = join(cwd, 'benchmark_output', 'runs', suite);
  }

  /** The run directories' names, sorted. */
  runNames(): string[] {
    return readdirSync(this.suiteDirectory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  }

  /** The directory of the run whose name starts with `run` followed by `:` or `,` (`ehrshot:subject=x`). */
  runDirectory(run: string): string {
    const name = this.runNames().find(
      (candidate) => candidate.startsWith(`${run}:`) || candidate.startsWith(`${run},`),
    );
    if (name === undefined)
      throw new Error(`No run ${run} in ${this.suiteDirectory}: ${this.runNames().join(', ')}`);
    return join(this.suiteDirectory, name);
  }

  /** A JSON file of the run. */
  json<T>(run: string, file: string): T {
    return JSON.parse(readFileSync(join(this.runDirectory(run), file), 'utf8')) as T;
  }

  /** The unperturbed `test` stat `name` of the run. */
  testStat(run: string, name: string): StatRecord | undefined {
    return this.json<StatRecord[]>(run, 'stats.json').find(
      (record) =>
        record.name.name === name && record.name.split === 'test' && record.name.perturbation === undefined,
    );
  }

  /** The mean of {@link testStat}. */
  testMean(run: string, name: string): number | undefined {
    return this.testStat(run, name)?.mean;
  }

  /** The instances that got stat `name`, in order. */
  instancesWith(run: string, name: string): string[] {
    return this.json<Array<{ instance_id: string; stats: StatRecord[] }>>(run, 'per_instance_stats.json')
      .filter((entry) => entry.stats.some((stat) => stat.name.name === name))
      .map((entry) => entry.instance_id);
  }

  /** The prompts the run sent, in HELM's order. */
  prompts(run: string): string[] {
    return this.json<{ request_states: { request: { prompt: string } }[] }>(
      run,
      'scenario_state.json',
    ).request_states.map((state) => state.request.prompt);
  }
}
