import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';
import { RunOutput } from './run-output.ts';
import {
  describeTieredBenchmarkRuns,
  packageDirectory,
  type TieredBenchmarkRow,
  temporaryDirectory,
} from './tiered-benchmark-runs.ts';

// The four private benchmarks of Stanford's MedHELM leaderboard (CLEAR, NoteExtract,
// PatientInstruct, MentalHealth), run end to end on the SYNTHETIC fixtures their packages bundle
// (see describeTieredBenchmarkRuns: baseline, local deployment and judges with --redact, hosted
// refused, data missing). CLEAR's rows whose label matches no answer, on which HELM stops the
// whole run, are reported with their workbook and rows, and the run completes with the rest scored.

const CLEAR_RUNS: Record<string, number> = {
  alcohol_dependence: 3,
  attention_deficit_hyperactivity_disorder: 3,
  bipolar_disorder: 2,
  chronic_pain: 2,
  homelessness: 3,
  liver_disease: 3,
  major_depression: 2,
  personality_disorder: 2,
  post_traumatic_stress_disorder: 2,
  substance_use_disorder: 2,
  suicidal_behavior: 2,
  tobacco_dependence: 2,
  unemployment: 2,
};

const PRIVATE_BENCHMARKS: TieredBenchmarkRow[] = [
  {
    id: 'clear',
    runs: Object.fromEntries(
      Object.entries(CLEAR_RUNS).map(([condition, count]) => [`clear:condition=${condition}`, count]),
    ),
    runSuffix: ',max_eval_instances=100',
    jury: false,
    missing: ['alcohol_dependence.xlsx', 'homelessness.xlsx', 'unemployment.xlsx'],
    reply: 'B',
    baseline(output, stderr) {
      const workbook = (condition: string) =>
        join(packageDirectory('benchmark-clear'), 'data', `${condition}.xlsx`);
      // liver_disease's row 3 is labelled 3: reported with its workbook and row, the others scored.
      expect(stderr).toContain(
        `warning: clear: ${workbook('liver_disease')}: no answer choice is correct for row 3 ("3")`,
      );
      expect(output.instancesWith('clear:condition=liver_disease', 'exact_match')).toEqual(['id0', 'id2']);
      // first-option answers A: right for row 2 (label 1), wrong for row 4 (label 0).
      expect(output.testMean('clear:condition=liver_disease', 'exact_match')).toBe(0.5);
      expect(output.testMean('clear:condition=alcohol_dependence', 'exact_match')).toBe(1 / 3);
      // homelessness' empty label makes every label a float: no row is scorable, the run completes.
      expect(stderr).toContain(
        `warning: clear: ${workbook('homelessness')}: no answer choice is correct for rows 2 ("1.0"), 3 ("nan"), 4 ("0.0")`,
      );
      expect(output.testMean('clear:condition=homelessness', 'num_instances')).toBe(3);
      expect(output.instancesWith('clear:condition=homelessness', 'exact_match')).toEqual([]);
      const report = output.json<{
        warnings: string[];
        scoring_failures: Array<{ instanceId: string; reason: string }>;
      }>('clear:condition=liver_disease', 'medhelm_run.json');
      expect(report.warnings).toEqual([expect.stringContaining('liver_disease.xlsx: no answer choice')]);
      expect(report.scoring_failures).toEqual([
        expect.objectContaining({
          instanceId: 'id1',
          reason: 'Instance id1 has references but none is correct; HELM asserts one is',
        }),
      ]);
      expect(output.json('clear:condition=post_traumatic_stress_disorder', 'run_spec.json')).toMatchObject({
        name: 'clear:condition=post_traumatic_stress_disorder,max_eval_instances=100,model=baseline_first-option,model_deployment=baseline_first-option',
        scenario_spec: {
          class_name: 'helm.benchmark.scenarios.clear_scenario.CLEARScenario',
          args: { condition: 'post_traumatic_stress_disorder' },
        },
        adapter_spec: { max_eval_instances: 100 },
        groups: ['clear'],
      });
      expect(output.json('clear:condition=post_traumatic_stress_disorder', 'scenario.json')).toMatchObject({
        name: 'clear_post_traumatic_stress_disorder',
      });
    },
    local(output, server) {
      const first = server.requests.find(
        (request) => (request.body as { model?: string }).model === 'candidate',
      );
      expect(JSON.stringify(first?.body)).toContain(
        "C. Uncertain\\n\\nAnswer:A. Has a history of alcohol dependence\\nB. Does not have a history of alcohol dependence\\nC. Uncertain\\nRespond only with 'A', 'B', or 'C'. Do not add any other text, punctuation, or symbols:",
      );
      // "B" (no history) is right for the rows labelled 0: one of three, one of two scorable.
      expect(output.testMean('clear:condition=alcohol_dependence', 'exact_match')).toBe(1 / 3);
      expect(output.testMean('clear:condition=liver_disease', 'exact_match')).toBe(0.5);
    },
  },
  {
    id: 'chw_care_plan',
    // 7 rows, of which the MO Notes "", "NA" and "None" are NaN to pandas and skipped.
    runs: { chw_care_plan: 4 },
    jury: true,
    juryCriteria: ['accuracy', 'structure', 'clarity'],
    missing: ['CHW_Dataset.csv'],
    reply: 'Chief Complaint\ninvented knee pain\n\nHistory of Present Illness\n\nOnset: 2 weeks ago',
    local(output, server) {
      const judge = server.requests.find(
        (request) => (request.body as { model?: string }).model === 'judge-gpt',
      );
      expect(JSON.stringify(judge?.body)).toContain('Structure (1-5)');
      expect(output.testMean('chw_care_plan', 'rouge_l')).toBeGreaterThan(0);
    },
  },
  {
    id: 'starr_patient_instructions',
    // 7 rows, of which HELM's QC and completeness filter keeps 3.
    runs: { starr_patient_instructions: 3 },
    jury: true,
    missing: ['dataset_cases_qc.csv'],
    reply: 'Keep the splint dry; elevate your hand above your heart.',
    local(output) {
      // The reply is the second case's instructions word for word: ROUGE-L 1 there.
      expect(output.testMean('starr_patient_instructions', 'rouge_l')).toBeGreaterThan(1 / 3);
    },
  },
  {
    id: 'mental_health',
    runs: { mental_health: 5 },
    jury: true,
    missing: ['processed_dialogues.csv'],
    reply: 'That sounds hard. What has helped you before?',
    local(_output, server) {
      // An empty dialogue_type makes pandas read the column as float: "Type: 2.0".
      const first = server.requests.find(
        (request) => (request.body as { model?: string }).model === 'candidate',
      );
      expect(JSON.stringify(first?.body)).toContain(
        '\\n\\nQuestion: Topic: Worry\\nType: 2.0\\n\\nPrevious conversation:',
      );
    },
  },
];

describeTieredBenchmarkRuns('private', PRIVATE_BENCHMARKS);

describe('private run entries: condition= and data_path', () => {
  it("read data_path as HELM's run entries give it: CLEAR's folder of workbooks, the others' one CSV file", {
    timeout: 120_000,
  }, async () => {
    const cwd = temporaryDirectory();
    // CLEAR: the folder holding <condition>.xlsx (here only the one the entry needs).
    const workbooks = join(cwd, 'clear-notes');
    mkdirSync(workbooks);
    copyFileSync(
      join(packageDirectory('benchmark-clear'), 'data', 'liver_disease.xlsx'),
      join(workbooks, 'liver_disease.xlsx'),
    );
    // MentalHealth: the file itself, under a name of the health system's own.
    const dialogues = join(cwd, 'counseling-2026-12.csv');
    copyFileSync(
      join(packageDirectory('benchmark-mental-health'), 'data', 'processed_dialogues.csv'),
      dialogues,
    );
    const result = await runCli(
      [
        'run',
        '--run-entries',
        `clear:condition=liver_disease,max_eval_instances=100,model=baseline:first-option,data_path=${workbooks}`,
        '--run-entries',
        `mental_health:model_deployment=baseline/first-option,data_path=${dialogues}`,
        '--suite',
        'paths',
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `clear: ${join(workbooks, 'liver_disease.xlsx')}: no answer choice is correct for row 3`,
    );
    const output = new RunOutput(cwd, 'paths');
    expect(output.testMean('clear:condition=liver_disease', 'num_instances')).toBe(3);
    expect(output.testMean('mental_health', 'num_instances')).toBe(5);
  });

  it('refuses a condition CLEAR does not have, listing the 13', async () => {
    const result = await runCli(
      ['run', '--run-entries', 'clear:condition=depression,model=baseline:first-option', '--sample'],
      { cwd: temporaryDirectory() },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('clear argument "condition"');
    expect(result.stderr).toContain('"alcohol_dependence"|"attention_deficit_hyperactivity_disorder"');
  });
});
