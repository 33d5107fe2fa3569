import 'reflect-metadata';

export { type CliIo, ExitCode } from './cli-io.ts';
export { createApplicationContainer, createRunScope, type RunnerEnvironment } from './composition-root.ts';
export { main } from './main.ts';
export { registerPlugin } from './plugins/register-plugin.ts';
