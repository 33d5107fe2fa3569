import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_ehr_sql_run_spec` (medhelm_run_specs.py), verbatim. */
export const EHR_SQL_INSTRUCTIONS =
  'You are a highly skilled AI specializing in medical SQL queries. ' +
  'Given a database schema and a medical question, generate a valid SQL query ' +
  'that retrieves the required information from the database. ' +
  'Output only the SQL query without explanations.\n\n' +
  'Input: A database schema followed by a natural language question.\n' +
  "Output: A valid SQL query ending with ;. Only return SQL query, don't add additional text.\n\n" +
  'If the question is unanswerable, return an empty string without additional text or comments.';

/**
 * HELM's ehr_sql adapter spec: `get_generation_adapter_spec(instructions, input_noun="Medical
 * Question + Schema", output_noun="SQL Query", max_tokens=1024, temperature=0,
 * max_train_instances=0, stop_sequences=[])`: one completion of at most 1024 tokens at
 * temperature 0, no stop sequence.
 */
export function ehrSqlAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: EHR_SQL_INSTRUCTIONS,
    inputNoun: 'Medical Question + Schema',
    outputNoun: 'SQL Query',
    maxTokens: 1024,
    temperature: 0,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The ehr_sql prompt: HELM's generation adapter over {@link ehrSqlAdapterSpec}. */
export function createEhrSqlPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(ehrSqlAdapterSpec());
}
