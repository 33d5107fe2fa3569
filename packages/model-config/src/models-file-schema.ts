import { z } from 'zod';
import { PriceSchema } from './price-schema.ts';

/** An environment variable name: letters, digits and `_`, not starting with a digit. */
export const ENV_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A deployment id (what `--models` takes): letters, digits, `.`, `_`, `-`; never `:` or `/`. */
export const DEPLOYMENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** A provider registry id, e.g. `openai-compatible`. */
export const PROVIDER_ID = /^[a-z][a-z0-9._-]*$/;
/** A HELM model name: `<org>/<name>`. */
export const HELM_MODEL = /^[^\s/]+\/\S+$/;

const ENV_VAR_HINT = 'must be an environment variable name like OPENAI_API_KEY (letters, digits and _)';

const EnvVarNameSchema = z
  .string({ error: ENV_VAR_HINT })
  .max(128, { error: `${ENV_VAR_HINT}, at most 128 characters` })
  .regex(ENV_VAR_NAME, { error: ENV_VAR_HINT });

/** Request limits for one deployment; every field is optional. */
export const LimitsSchema = z
  .strictObject({
    concurrency: z
      .int({ error: 'must be a whole number' })
      .positive({ error: 'must be at least 1' })
      .max(1024, { error: 'must be at most 1024' })
      .optional()
      .meta({ description: 'Requests in flight at once.' }),
    requestsPerMinute: z
      .int({ error: 'must be a whole number' })
      .positive({ error: 'must be at least 1' })
      .optional()
      .meta({ description: 'Requests started per minute.' }),
    tokensPerMinute: z
      .int({ error: 'must be a whole number' })
      .positive({ error: 'must be at least 1' })
      .optional()
      .meta({ description: 'Prompt + completion tokens per minute.' }),
  })
  .meta({ description: 'Request limits; unset fields fall back to the provider defaults.' });

/** One deployment: which provider serves which model, how to reach it, and what it costs. */
export const DeploymentSchema = z
  .strictObject({
    provider: z
      .string({ error: 'must be a provider registry id such as openai, anthropic or openai-compatible' })
      .regex(PROVIDER_ID, {
        error: 'must be a provider registry id in lower case, such as openai, anthropic or openai-compatible',
      })
      .meta({
        description:
          'Provider registry id: openai, azure-openai, anthropic, google, openai-compatible, llama-cpp, baseline, or a plugin id.',
      }),
    model: z
      .string({
        error: "must be the provider's model id, e.g. gpt-4o-2024-08-06 (quote it if it looks like a number)",
      })
      .min(1, { error: "must be the provider's model id, e.g. gpt-4o-2024-08-06" })
      .max(256, { error: 'must be at most 256 characters' })
      .regex(/^\S+$/, { error: 'must not contain spaces' })
      .meta({ description: "The provider's model id, e.g. gpt-4o-2024-08-06." }),
    helmModel: z
      .string({ error: 'must be a HELM model name <org>/<name>, e.g. openai/gpt-4o-2024-08-06' })
      .regex(HELM_MODEL, { error: 'must be a HELM model name <org>/<name>, e.g. openai/gpt-4o-2024-08-06' })
      .optional()
      .meta({ description: 'HELM model name used in run names, <org>/<name>.' }),
    baseUrl: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' })
      .optional()
      .meta({
        description: 'Where the provider API is, e.g. http://127.0.0.1:8000/v1 for a local vLLM server.',
      }),
    apiKeyEnv: z
      .union([EnvVarNameSchema, z.array(EnvVarNameSchema).min(1).max(4)], {
        error: `${ENV_VAR_HINT}, or a list of such names`,
      })
      .optional()
      .meta({
        description:
          'NAME of the environment variable that holds the API key (or a list, first one set wins). Never the key itself.',
      }),
    limits: LimitsSchema.optional(),
    price: PriceSchema.optional(),
    local: z.boolean({ error: 'must be true or false' }).optional().meta({
      description:
        'The deployment runs on infrastructure you control (your vLLM/Ollama server): gated and private benchmark data may be sent to it.',
    }),
    trusted: z.boolean({ error: 'must be true or false' }).optional().meta({
      description:
        'A hosted service your data agreements allow (e.g. a BAA-covered endpoint): gated and private benchmark data may be sent to it.',
    }),
    batch: z.boolean({ error: 'must be true or false' }).optional().meta({
      description:
        "Send this deployment's calls through its provider's batch API (openai, azure-openai global batch, anthropic): answered within the provider's window, at its batch price. Same as `medhelm run --batch` for this deployment only.",
    }),
    description: z.string().max(500).optional().meta({ description: 'Free text for humans.' }),
  })
  .superRefine((deployment, context) => {
    if (deployment.provider === 'azure-openai' && deployment.baseUrl === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['baseUrl'],
        message:
          "is required for azure-openai: set it to your resource's endpoint, e.g. https://<resource>.openai.azure.com/openai/v1",
      });
    }
    if (deployment.baseUrl !== undefined) {
      const problem = credentialsInUrl(deployment.baseUrl);
      if (problem !== undefined) context.addIssue({ code: 'custom', path: ['baseUrl'], message: problem });
    }
  })
  .meta({ description: 'One model deployment: the id users pass to --models maps to these settings.' });

/** The whole models file. */
export const ModelsFileSchema = z
  .strictObject({
    $schema: z.string().optional().meta({ description: 'JSON Schema of this file (for editors).' }),
    deployments: z
      .record(
        z.string().regex(DEPLOYMENT_ID, {
          error: 'deployment ids use letters, digits, ".", "_" and "-" only (no ":" or "/")',
        }),
        DeploymentSchema,
        { error: 'must be a mapping from deployment id to its settings' },
      )
      .meta({ description: 'Deployment id (what --models takes) → settings.' }),
    judges: z
      .record(
        z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, {
          error:
            'judge names use letters, digits, ".", "_", "/" and "-" (HELM: gpt, llama, claude; a benchmark of your own may name its judges after their deployments, e.g. openai/gpt-4o-2024-05-13)',
        }),
        z.string({ error: 'must be a deployment id or <provider>:<model>' }).min(1),
        { error: 'must be a mapping from judge name to a deployment id' },
      )
      .optional()
      .meta({
        description:
          "The LLM jury for open-ended benchmarks, in order: judge name (HELM's are gpt, llama, claude; a user-defined benchmark's are the names in its YAML) → a deployment id of this file, a built-in id, or <provider>:<model>. `--judges` replaces it.",
      }),
  })
  .meta({
    title: 'MedHELM models file',
    description:
      'Model deployments for medhelm --models. API keys never go in this file, only their variable names.',
  });

/** One deployment, as validated. */
export type DeploymentConfig = z.output<typeof DeploymentSchema>;
/** Request limits, as validated. */
export type DeploymentLimits = z.output<typeof LimitsSchema>;
/** A validated models file (or any set of deployments in the same shape). */
export type ModelsConfig = z.output<typeof ModelsFileSchema>;

function credentialsInUrl(value: string): string | undefined {
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') {
    return 'must not contain a user name or password: remove them and name the key variable in apiKeyEnv';
  }
  for (const name of url.searchParams.keys()) {
    if (/key|token|secret|password|sig/i.test(name)) {
      return `must not carry credentials in its query ("${name}="): remove it and name the key variable in apiKeyEnv`;
    }
  }
  return undefined;
}
