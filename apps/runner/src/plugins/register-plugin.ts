import {
  type MedHelmPluginV1,
  type PluginContextV1,
  PluginLoadError,
  pluginKinds,
  UnsupportedSpecificationVersionError,
} from '@medhelm/core';
import { z } from 'zod';
import { SUPPORTED_SPECIFICATION_VERSIONS } from './read-plugin-manifest.ts';

const pluginShape = z.object({
  specificationVersion: z.string(),
  name: z.string().min(1),
  kind: z.enum(pluginKinds),
  register: z.custom<MedHelmPluginV1['register']>((value) => typeof value === 'function', {
    message: 'register must be a function',
  }),
});

/** How a run config configured the plugin: `[specifier, options]` gives options. */
export interface PluginLoadOptions {
  /** Passed to the module's `createPlugin(options)`, which returns the plugin. */
  options?: unknown;
  /** True for `[specifier, options]` entries (options may be any value, `null` included). */
  hasOptions?: boolean;
}

/**
 * Validates a plugin module's exports and calls its `register`. The export is `plugin` (or a
 * default export holding it, up to two `default` layers for CommonJS interop); with options, the
 * module's `createPlugin(options)` makes it. Every problem becomes a PluginLoadError naming the
 * package. Returns the validated plugin.
 */
export async function registerPlugin(
  packageName: string,
  moduleExports: unknown,
  context: PluginContextV1,
  loadOptions: PluginLoadOptions = {},
): Promise<MedHelmPluginV1> {
  const candidate = loadOptions.hasOptions
    ? await createConfiguredPlugin(packageName, moduleExports, loadOptions.options)
    : findPluginExport(moduleExports);
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
      {
        hint: 'A plugin is { specificationVersion: "v1", name, kind, register(context) }: build it with definePlugin from @medhelm/core.',
      },
    );
  }
  if (!SUPPORTED_SPECIFICATION_VERSIONS.includes(parsed.data.specificationVersion)) {
    throw new PluginLoadError(
      packageName,
      `its plugin export declares specificationVersion "${parsed.data.specificationVersion}", which this runner cannot load.`,
      {
        cause: new UnsupportedSpecificationVersionError(
          `Plugin ${packageName}`,
          parsed.data.specificationVersion,
          SUPPORTED_SPECIFICATION_VERSIONS,
        ),
        hint: 'Use a version of the plugin built for this MedHELM (specificationVersion "v1").',
      },
    );
  }
  try {
    await parsed.data.register(context);
  } catch (error) {
    // A contribution refused at registration already names the package and the field.
    if (PluginLoadError.isInstance(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new PluginLoadError(packageName, `register() failed: ${message}`, { cause: error });
  }
  return candidate as MedHelmPluginV1;
}

async function createConfiguredPlugin(
  packageName: string,
  moduleExports: unknown,
  options: unknown,
): Promise<unknown> {
  const factory = findExport(moduleExports, 'createPlugin');
  if (typeof factory !== 'function') {
    throw new PluginLoadError(
      packageName,
      'was given options, but exports no `createPlugin(options)` function to take them.',
      { hint: 'List it without options, or export `createPlugin(options)` returning the plugin.' },
    );
  }
  try {
    return await factory(options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new PluginLoadError(packageName, `createPlugin(options) failed: ${message}`, { cause: error });
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

function findExport(moduleExports: unknown, name: string): unknown {
  let current: unknown = moduleExports;
  for (let depth = 0; depth < 3 && isObject(current); depth++) {
    if (current[name] !== undefined) return current[name];
    current = current.default;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}
