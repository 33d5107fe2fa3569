import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type DatasetFileV1, type IdentifiedInstance, ScoringError } from '@medhelm/core';
import { type EhrSqlAnnotation, ehrSqlResultFromJson, ehrSqlValueEquals } from '@medhelm/metrics';
import {
  benchmarkScoreInput,
  createSampleLoadContext,
  findFidelityDirectory,
  loadBenchmarkInstances,
} from '@medhelm/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { childProcessIds, isAlive } from '../test/fixtures/child-process-ids.ts';
import { createEhrSqlBenchmark } from './ehr-sql-benchmark.ts';
import { EHR_SQL_DATABASE_FILE } from './ehr-sql-database.ts';
import { createEhrSqlScorer, type EhrSqlScorer } from './ehr-sql-scorer.ts';

const fidelityDirectory = findFidelityDirectory(['conformance/ehr_sql.jsonl', 'conformance/ehr_sql.sqlite']);
const sampleContext = createSampleLoadContext();
const benchmark = createEhrSqlBenchmark();

function sampleInstances(): Promise<IdentifiedInstance[]> {
  return loadBenchmarkInstances(benchmark);
}

function scoreInput(
  instance: IdentifiedInstance,
  completion: string,
  resolveFile: ((file: DatasetFileV1) => Promise<string>) | null = sampleContext.resolveFile,
) {
  return benchmarkScoreInput(benchmark, instance, completion, resolveFile === null ? {} : { resolveFile });
}

function stats(values: number[]): Record<string, number> {
  const names = [
    'ehr_sql_execution_accuracy',
    'ehr_sql_query_validity',
    'ehr_sql_precision_answerable',
    'ehr_sql_recall_answerable',
    'ehr_sql_total_predicted_answerable',
    'ehr_sql_total_ground_truth_answerable',
  ];
  return Object.fromEntries(names.map((name, index) => [name, values[index] as number]));
}

const scorers: EhrSqlScorer[] = [];
function newScorer(...args: Parameters<typeof createEhrSqlScorer>): EhrSqlScorer {
  const scorer = createEhrSqlScorer(...args);
  scorers.push(scorer);
  return scorer;
}
afterAll(async () => {
  await Promise.all(scorers.map((scorer) => scorer.close()));
});

describe('the ehr_sql scorer on the bundled sample (synthetic database)', async () => {
  const instances = await sampleInstances();
  // valid.json's first question: "how much is hypertonic saline administration?"
  const answerable = instances[0] as IdentifiedInstance;
  const impossible = instances.find(
    (instance) => instance.extraData?.is_impossible === true,
  ) as IdentifiedInstance;
  const gold = answerable.references[0]?.output.text ?? '';
  const scorer = newScorer();

  it('needs the run file resolver: without it a ScoringError, not a guess', async () => {
    await expect(scorer.score(scoreInput(answerable, gold, null))).rejects.toThrow(ScoringError);
    await expect(scorer.score(scoreInput(answerable, gold, null))).rejects.toThrow(/resolveFile/);
  });

  it('scores the gold SQL of an answerable question 1 on every stat', async () => {
    expect(await scorer.score(scoreInput(answerable, gold))).toEqual(stats([1, 1, 1, 1, 1, 1]));
  });

  it('extracts SQL from a ```sql fence and from <sql> tags, as HELM does', async () => {
    expect(await scorer.score(scoreInput(answerable, `\`\`\`sql\n${gold};\n\`\`\``))).toEqual(
      stats([1, 1, 1, 1, 1, 1]),
    );
    expect(await scorer.score(scoreInput(answerable, `Here: <SQL> ${gold} </sql>`))).toEqual(
      stats([1, 1, 1, 1, 1, 1]),
    );
  });

  it('scores other rows 0 on execution accuracy but 1 on validity', async () => {
    expect(await scorer.score(scoreInput(answerable, 'select cost.cost from cost'))).toEqual(
      stats([0, 1, 1, 1, 1, 1]),
    );
  });

  it('scores an abstention on an answerable question 0 everywhere except ground-truth answerable', async () => {
    expect(await scorer.score(scoreInput(answerable, '  \n'))).toEqual(stats([0, 0, 0, 0, 0, 1]));
  });

  it('scores an abstention (empty completion) on an impossible question 1 on execution accuracy', async () => {
    expect(impossible.references[0]?.output.text).toBe('null');
    expect(await scorer.score(scoreInput(impossible, ''))).toEqual(stats([1, 0, 0, 0, 0, 0]));
  });

  it('scores the reference text "null" of an impossible question 0: it is a non-empty, failing query', async () => {
    expect(await scorer.score(scoreInput(impossible, 'null'))).toEqual(stats([0, 0, 0, 0, 1, 0]));
  });

  it("compares bare values from the 'value' fallback with rows, as HELM does: the gold SQL itself scores 0", async () => {
    // A gold query with no rows: HELM's ground truth becomes the list of `value`'s values, which
    // never equals a list of row tuples.
    const noRows: IdentifiedInstance = {
      ...answerable,
      id: 'no-rows',
      references: [
        {
          output: { text: "select patient.wardid from patient where patient.uniquepid = '000-0'" },
          tags: ['correct'],
        },
      ],
      extraData: { db_path: 'eicu.sqlite', value: { patient_id: '000-0' }, is_impossible: false },
    };
    const annotations: EhrSqlAnnotation[] = [];
    const recording = newScorer({ onAnnotation: (_id, annotation) => annotations.push(annotation) });
    const gold = noRows.references[0]?.output.text ?? '';
    expect(await recording.score(scoreInput(noRows, gold))).toEqual(stats([0, 1, 1, 1, 1, 1]));
    expect(annotations).toEqual([
      { predicted_result: [], ground_truth_result: ['000-0'], query_error: null },
    ]);
  });

  it('refuses an instance with more than one reference, as HELM asserts', async () => {
    const twoReferences = { ...answerable, references: [...answerable.references, ...answerable.references] };
    await expect(scorer.score(scoreInput(twoReferences, gold))).rejects.toThrow(ScoringError);
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  "the ehr_sql scorer on HELM's annotator + metric vectors",
  () => {
    interface Vector {
      prediction: string;
      references: string[];
      extra: { is_impossible: boolean; value?: Record<string, unknown>; db: string };
      expected: Record<string, number>;
      expected_annotation: {
        predicted_result: unknown[];
        ground_truth_result: unknown[];
        query_error: string | null;
      };
    }
    const directory = join(fidelityDirectory ?? '', 'conformance');
    // vitest runs a skipped describe's body to collect its tests: read nothing without the shared folder.
    const vectors =
      fidelityDirectory === undefined
        ? []
        : readFileSync(join(directory, 'ehr_sql.jsonl'), 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as Vector);
    let scratch: string | undefined;
    afterEach(() => {
      if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
      scratch = undefined;
    });

    it('reproduces every vector: stats and annotation, with the vectors database as the run eicu.sqlite', async () => {
      scratch = mkdtempSync(join(tmpdir(), 'medhelm-ehr-sql-vectors-'));
      // HELM's vectors were made on a fresh copy per case; the sandbox never writes the file (writes
      // run on a throw-away copy), so one copy, checked unchanged at the end, is the same.
      const databasePath = join(scratch, 'eicu.sqlite');
      copyFileSync(join(directory, 'ehr_sql.sqlite'), databasePath);
      const before = readFileSync(databasePath);
      const resolveFile = async (file: DatasetFileV1) => {
        if (file.name !== EHR_SQL_DATABASE_FILE.name) throw new Error(`unexpected file ${file.name}`);
        return databasePath;
      };
      const annotations = new Map<string, EhrSqlAnnotation>();
      const scorer = newScorer({ onAnnotation: (id, annotation) => annotations.set(id, annotation) });
      const failures: string[] = [];
      for (const [index, vector] of vectors.entries()) {
        expect(vector.extra.db).toBe('ehr_sql.sqlite');
        const { db: _db, ...extraData } = vector.extra;
        const instance: IdentifiedInstance = {
          id: `vector${index}`,
          input: { text: '' },
          references: vector.references.map((text) => ({ output: { text }, tags: ['correct'] })),
          split: 'test',
          extraData,
        };
        const values = await scorer.score(scoreInput(instance, vector.prediction, resolveFile));
        if (JSON.stringify(values) !== JSON.stringify(vector.expected)) {
          failures.push(
            `line ${index + 1}: expected ${JSON.stringify(vector.expected)}, got ${JSON.stringify(values)}`,
          );
        }
        const annotation = annotations.get(instance.id);
        const expected = vector.expected_annotation;
        for (const key of ['predicted_result', 'ground_truth_result'] as const) {
          const helm = ehrSqlResultFromJson(expected[key]);
          const ours = annotation?.[key] ?? [];
          const same =
            helm.length === ours.length &&
            helm.every((item, at) => ehrSqlValueEquals(item, ours[at] as typeof item));
          if (!same) failures.push(`line ${index + 1}: ${key} differs from HELM's`);
        }
        if ((expected.query_error === null) !== (annotation?.query_error === null)) {
          failures.push(
            `line ${index + 1}: query_error ${JSON.stringify(annotation?.query_error)}, HELM ${JSON.stringify(expected.query_error)}`,
          );
        }
      }
      expect(readFileSync(databasePath).equals(before)).toBe(true);
      expect(failures).toEqual([]);
      expect(vectors.length).toBe(34);
      expect(readdirSync(scratch)).toEqual(['eicu.sqlite']);
    }, 60_000);
  },
);

describe.skipIf(process.platform !== 'linux')(
  'the ehr_sql scorer leaves no sandbox process behind',
  async () => {
    const instances = await sampleInstances();
    const instance = instances[0] as IdentifiedInstance;
    const gold = instance.references[0]?.output.text ?? '';

    async function waitUntilGone(pids: number[], withinMs: number): Promise<number[]> {
      const deadline = Date.now() + withinMs;
      let alive = pids.filter(isAlive);
      while (alive.length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        alive = alive.filter(isAlive);
      }
      return alive;
    }

    it('reuses one child per database while scoring, and closes it once idle', async () => {
      const before = new Set(childProcessIds(process.pid));
      const scorer = newScorer({ idleCloseMs: 300 });
      await scorer.score(scoreInput(instance, gold));
      const started = childProcessIds(process.pid).filter((pid) => !before.has(pid));
      expect(started).toHaveLength(1);
      await scorer.score(scoreInput(instance, 'select 1'));
      expect(childProcessIds(process.pid).filter((pid) => !before.has(pid))).toEqual(started);
      expect(await waitUntilGone(started, 5000)).toEqual([]);
      // The next call starts a new one.
      expect((await scorer.score(scoreInput(instance, gold))).ehr_sql_execution_accuracy).toBe(1);
      await scorer.close();
    });

    it('close() ends the child at once', async () => {
      const before = new Set(childProcessIds(process.pid));
      const scorer = newScorer({ idleCloseMs: 60_000 });
      await scorer.score(scoreInput(instance, gold));
      const started = childProcessIds(process.pid).filter((pid) => !before.has(pid));
      expect(started).toHaveLength(1);
      await scorer.close();
      expect(await waitUntilGone(started, 2000)).toEqual([]);
    });

    it("does not keep a run's process alive, and its child dies with it", async () => {
      // Node with the workspace's TypeScript loader (a dev dependency of @medhelm/sql-sandbox).
      const sandboxRequire = createRequire(
        createRequire(import.meta.url).resolve('@medhelm/sql-sandbox/package.json'),
      );
      const loader = pathToFileURL(sandboxRequire.resolve('tsx')).href;
      const script = join(import.meta.dirname, '..', 'test', 'fixtures', 'score-once.ts');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--conditions=@medhelm/source', '--import', loader, script],
        { timeout: 60_000 },
      );
      // It exited within execFile's 60 s limit although its sandbox would idle for 10 minutes:
      // nothing (timer or child) held the event loop open.
      const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
        stats: Record<string, number>;
        children: number[];
      };
      expect(report.stats.ehr_sql_execution_accuracy).toBe(1);
      expect(report.children.length).toBeGreaterThan(0);
      expect(await waitUntilGone(report.children, 10_000)).toEqual([]);
    }, 90_000);
  },
);
