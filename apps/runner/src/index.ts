import 'reflect-metadata';

export { type CliIo, ExitCode } from './cli-io.ts';
export {
  createRunnerServices,
  type EvaluationScope,
  type EvaluationServices,
  type RunnerEnvironment,
  type RunnerServices,
} from './composition-root.ts';
export { main } from './main.ts';
export { findPlugins, type PluginSelection } from './plugins/find-plugins.ts';
export { type LoadedPlugin, loadPlugins } from './plugins/load-plugins.ts';
export type { PluginCandidate, PluginOrigin } from './plugins/plugin-candidate.ts';
export { registerPlugin } from './plugins/register-plugin.ts';
export {
  loadRunConfig,
  parseRunConfig,
  type RunConfig,
  runConfigJsonSchema,
  runConfigSchema,
} from './plugins/run-config.ts';
