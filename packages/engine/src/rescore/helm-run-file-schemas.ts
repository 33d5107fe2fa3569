import { helmAdapterSpecSchema } from '@medhelm/core';
import { z } from 'zod';

// What rescoring reads of a HELM run directory, in HELM's field names (see the reference's
// helm-output-format.md); unknown keys pass, as they do for HELM's own cattrs reader.

/** run_spec.json: the run's name, scenario class, adapter spec and groups. */
export const storedRunSpecSchema = z.object({
  name: z.string().min(1),
  scenario_spec: z.object({
    class_name: z.string().min(1),
    args: z.record(z.string(), z.unknown()).default({}),
  }),
  adapter_spec: helmAdapterSpecSchema,
  groups: z.array(z.string()).default([]),
  data_augmenter_spec: z
    .object({ perturbation_specs: z.array(z.unknown()).default([]) })
    .partial()
    .optional(),
});
export type StoredRunSpec = z.infer<typeof storedRunSpecSchema>;

/** One HELM `GeneratedOutput`. */
const generatedOutputSchema = z.object({
  text: z.string(),
  logprob: z.number().default(0),
  finish_reason: z.object({ reason: z.string() }).partial().nullable().optional(),
});

/** One HELM `RequestState` of scenario_state.json. */
export const storedRequestStateSchema = z.object({
  instance: z.object({
    input: z.object({
      text: z.string().default(''),
      messages: z
        .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }))
        .optional(),
    }),
    references: z.array(
      z.object({ output: z.object({ text: z.string().default('') }), tags: z.array(z.string()) }),
    ),
    split: z.string().min(1),
    sub_split: z.string().nullable().optional(),
    id: z.string().min(1),
    perturbation: z.unknown().optional(),
    extra_data: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
  train_trial_index: z.number().int().nonnegative().default(0),
  output_mapping: z.record(z.string(), z.string()).nullable().optional(),
  request: z.object({
    prompt: z.string(),
    messages: z
      .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }))
      .nullable()
      .optional(),
    temperature: z.number(),
    num_completions: z.number().int().positive(),
    top_k_per_token: z.number().int().positive().default(1),
    max_tokens: z.number().int().nonnegative(),
    stop_sequences: z.array(z.string()).default([]),
    top_p: z.number().default(1),
    presence_penalty: z.number().default(0),
    frequency_penalty: z.number().default(0),
    random: z.string().nullable().optional(),
  }),
  result: z
    .object({
      success: z.boolean(),
      completions: z.array(generatedOutputSchema).default([]),
      request_time: z.number().nonnegative().nullable().optional(),
      request_datetime: z.number().int().nullable().optional(),
      error: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  num_train_instances: z.number().int().nonnegative().default(0),
  prompt_truncated: z.boolean().default(false),
  annotations: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type StoredHelmRequestState = z.infer<typeof storedRequestStateSchema>;

/** scenario_state.json: its request states (the adapter spec is run_spec.json's). */
export const storedScenarioStateSchema = z.object({ request_states: z.array(z.unknown()) });

/** The per-instance token counts HELM (and our writer) stored in per_instance_stats.json. */
export const storedPerInstanceStatsSchema = z.array(
  z.object({
    instance_id: z.string(),
    stats: z.array(z.object({ name: z.object({ name: z.string() }), sum: z.number(), count: z.number() })),
  }),
);

/** What rescoring reads of one of our runs' medhelm_run.json: the benchmark, its variant, its data. */
export const storedRunReportSchema = z.object({
  benchmark: z.string().min(1),
  data: z.object({ invented: z.boolean().nullable().optional() }).partial().optional(),
  usage: z.object({ estimated: z.boolean().optional() }).partial().optional(),
  provenance: z
    .object({
      benchmark: z.object({ variant: z.object({ name: z.string() }).nullable().optional() }).partial(),
    })
    .partial()
    .optional(),
});
