import {
  type MedHelmPluginV1,
  type PluginContextV1,
  PluginLoadError,
  pluginKinds,
  UnsupportedSpecificationVersionError,
} from '@medhelm/core';
import { z } from 'zod';

const pluginShape = z.object({
  specificationVersion: z.string(),
  name: z.string().min(1),
  kind: z.enum(pluginKinds),
  register: z.custom<MedHelmPluginV1['register']>((value) => typeof value === 'function', {
    message: 'register must be a function',
  }),
});

/**
 * Validates a plugin module's exports and calls its `register`. The export is `plugin` (or a
 * default export holding it, up to two `default` layers for CommonJS interop). Every problem
 * becomes a PluginLoadError naming the package.
 */
export async function registerPlugin(
  packageName: string,
  moduleExports: unknown,
  context: PluginContextV1,
): Promise<void> {
  const candidate = findPluginExport(moduleExports);
  if (candidate === undefined) {
    throw new PluginLoadError(packageName, 'exports no `plugin` (nor a default export with one).', {
      hint: 'Export `plugin = definePlugin({ name, kind, register })` from the package entry point.',
    });
  }
  const parsed = pluginShape.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PluginLoadError(
      packageName,
      `its plugin export is malformed at "${issue?.path.join('.')}": ${issue?.message}.`,
    );
  }
  if (parsed.data.specificationVersion !== 'v1') {
    throw new PluginLoadError(packageName, 'has an unsupported specification version.', {
      cause: new UnsupportedSpecificationVersionError(
        `Plugin ${packageName}`,
        parsed.data.specificationVersion,
        ['v1'],
      ),
      hint: 'Use a version of the plugin built for this MedHELM (specificationVersion "v1").',
    });
  }
  try {
    await parsed.data.register(context);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new PluginLoadError(packageName, `register() failed: ${message}`, { cause: error });
  }
}

function findPluginExport(moduleExports: unknown): unknown {
  let current: unknown = moduleExports;
  for (let depth = 0; depth < 3 && isObject(current); depth++) {
    if (isObject(current.plugin)) return current.plugin;
    if ('register' in current && 'kind' in current) return current;
    current = current.default;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
