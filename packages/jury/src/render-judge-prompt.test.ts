import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { JudgePromptTemplateError, renderJudgePrompt } from './render-judge-prompt.ts';

// ACIBenchAnnotator's PROMPT_TEMPLATE (stanford-crfm/helm@63754d05,
// src/helm/benchmark/annotation/aci_bench_annotator.py, Apache-2.0), as Python evaluates the
// literal: test data only; the aci-bench plugin owns the template it ships.
const ACI_BENCH_TEMPLATE = `You are a medical expert tasked with evaluating the quality of a
generated clinical note based on a doctor-patient conversation.
Your goal is to assess how well the note captures the clinical information from the conversation and
compare it to the reference note (gold standard) in terms of accruacy, completeness and clarity.
The conversation will be provided in these tags:
<conversation>
{QUESTION}
</conversation>
The generated note will be provided in these tags:
<response>
{RESPONSE}
</response>
The reference note will be provided in these tags:
<gold_response>
{GOLD_RESPONSE}
</gold_response>
Carefully review the <response> based on the <conversation> and compare it to the <gold_response> when needed.

For each of the following criteria, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.

Evaluation Criteria:
Accuracy (1-5)
- Does the note provide correct clinical information based on the conversation?

Completeness (1-5)
- Does the note include all important medical details from the conversation?

Clarity (1-5)
- Is the note written clearly and organized in a standard clinical format for clinicians

Output Format:
Output the evaluation as a single valid JSON object matching the following structure:
{
    "accuracy": {
        "score": 0,
        "explanation": "Explain why this score was given."
    },
    "completeness": {
        "score": 0,
        "explanation": "Explain why this score was given."
    },
    "clarity": {
        "score": 0,
        "explanation": "Explain why this score was given."
    }
}

Ensure the output is valid JSON:
- Use **double quotes** (") for all keys and string values.
- When quoting text or sections inside the explanations, use escaped double quotes (") to
  maintain valid JSON formatting.
- Do not include any additional information in the output.
`;

const values = { QUESTION: 'q $RESPONSE', RESPONSE: 'r', GOLD_RESPONSE: 'g' };

// Expected values: what HELM's _interpolate_prompt (the three replace() calls, then
// string.Template(...).substitute) gives in Python 3.11 for the same inputs.
describe('renderJudgePrompt (HELM _interpolate_prompt, Python string.Template)', () => {
  it('fills the three placeholders and never rescans substituted text', () => {
    expect(renderJudgePrompt('<q>{QUESTION}</q> {RESPONSE} {GOLD_RESPONSE}', values)).toBe(
      '<q>q $RESPONSE</q> r g',
    );
    expect(renderJudgePrompt('{{QUESTION}}', values)).toBe('{q $RESPONSE}');
  });

  it('reads $$ as a dollar sign, also where a replaced placeholder follows one', () => {
    expect(renderJudgePrompt('costs $$5 {RESPONSE}', values)).toBe('costs $5 r');
    // "${RESPONSE}" becomes "$$RESPONSE": an escaped dollar and the literal word.
    expect(renderJudgePrompt(`$\{RESPONSE}x $RESPONSE`, values)).toBe('$RESPONSEx r');
  });

  it('raises where Python raises: an invalid placeholder (ValueError) or an unknown name (KeyError)', () => {
    expect(() => renderJudgePrompt('costs $5', values)).toThrow(
      new JudgePromptTemplateError('Invalid placeholder in string: line 1, col 7'),
    );
    expect(() => renderJudgePrompt('a\nb $ c', values)).toThrow(
      'Invalid placeholder in string: line 2, col 3',
    );
    // "{QUESTION}s" becomes "$QUESTIONs", a name HELM does not provide.
    expect(() => renderJudgePrompt('{QUESTION}s', values)).toThrow("KeyError: 'QUESTIONs'");
    expect(() => renderJudgePrompt('$response', values)).toThrow("KeyError: 'response'");
  });

  it('fills ACI-Bench’s template for plain values', () => {
    const prompt = renderJudgePrompt(ACI_BENCH_TEMPLATE, {
      QUESTION: 'Q',
      RESPONSE: 'R',
      GOLD_RESPONSE: 'G',
    });
    expect(prompt).toContain('<conversation>\nQ\n</conversation>');
    expect(prompt).toContain('<response>\nR\n</response>');
    expect(prompt).toContain('<gold_response>\nG\n</gold_response>');
    expect(prompt).toContain('use escaped double quotes (") to');
    expect(prompt.length).toBe(ACI_BENCH_TEMPLATE.length - '{QUESTION}{RESPONSE}{GOLD_RESPONSE}'.length + 3);
  });
});

// The aci_bench judge prompts and data (CC BY 4.0), bundled in the repository (@medhelm/fidelity-vectors).
const fidelityDirectory = findFidelityDirectory([
  'conformance/jury_prompts/aci_bench.jsonl',
  'data/aci_bench',
]);

describe.skipIf(fidelityDirectory === undefined)(
  'renderJudgePrompt against a HELM jury prompt vector',
  () => {
    it('reproduces the judge prompt HELM built for aci_bench id40 byte for byte', () => {
      const root = fidelityDirectory as string;
      const line = readFileSync(join(root, 'conformance', 'jury_prompts', 'aci_bench.jsonl'), 'utf8').split(
        '\n',
      )[0];
      const vector = JSON.parse(line as string) as {
        instance_id: string;
        completion: string;
        judge_prompt: string;
      };
      expect(vector.instance_id).toBe('id40');
      // HELM numbers instances in load order: the 40 train rows are id0..id39, so id40 is the first
      // row of the first test file (ACIBenchScenario: train_full.json, then
      // clinicalnlp_taskB_test1_full.json, ...). Input "Doctor-patient dialogue:\n\n" + src, reference tgt.
      const readRows = (file: string) =>
        (
          JSON.parse(readFileSync(join(root, 'data', 'aci_bench', 'challenge_data_json', file), 'utf8')) as {
            data: { src: string; tgt: string }[];
          }
        ).data;
      expect(readRows('train_full.json')).toHaveLength(40);
      const row = readRows('clinicalnlp_taskB_test1_full.json')[0] as { src: string; tgt: string };
      const prompt = renderJudgePrompt(ACI_BENCH_TEMPLATE, {
        QUESTION: `Doctor-patient dialogue:\n\n${row.src}`,
        RESPONSE: vector.completion,
        GOLD_RESPONSE: row.tgt,
      });
      expect(prompt).toBe(vector.judge_prompt);
    });
  },
);
