import {
  PluginLoadError,
  type PluginManifest,
  pluginManifestSchema,
  UnsupportedSpecificationVersionError,
} from '@medhelm/core';

/** The plugin specification versions this runner loads. */
export const SUPPORTED_SPECIFICATION_VERSIONS: readonly string[] = ['v1'];

/**
 * Reads the `medhelm` field of a package.json (`{ kind, specificationVersion, ids }`) without
 * executing the package. Undefined when the field is absent; a PluginLoadError naming the package
 * when it is malformed or declares a specification version this runner does not support.
 */
export function readPluginManifest(packageName: string, field: unknown): PluginManifest | undefined {
  if (field === undefined) return undefined;
  if (typeof field !== 'object' || field === null || Array.isArray(field)) {
    throw new PluginLoadError(
      packageName,
      'the "medhelm" field of its package.json must be an object { kind, specificationVersion, ids }.',
    );
  }
  const version = (field as { specificationVersion?: unknown }).specificationVersion;
  if (typeof version === 'string' && !SUPPORTED_SPECIFICATION_VERSIONS.includes(version)) {
    throw new PluginLoadError(
      packageName,
      `its package.json manifest declares specificationVersion "${version}", which this runner cannot load.`,
      {
        cause: new UnsupportedSpecificationVersionError(
          `Plugin ${packageName}`,
          version,
          SUPPORTED_SPECIFICATION_VERSIONS,
        ),
        hint: `Install a version of ${packageName} built for specification ${SUPPORTED_SPECIFICATION_VERSIONS.join(', ')}, or a @medhelm/runner that supports "${version}".`,
      },
    );
  }
  const parsed = pluginManifestSchema.safeParse(field);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    throw new PluginLoadError(
      packageName,
      `its package.json "medhelm" manifest is invalid${path === '' ? '' : ` at "${path}"`}: ${issue?.message}.`,
      {
        hint: 'The manifest is { "kind": "benchmark" | "provider" | "scorer" | "normalizer", "specificationVersion": "v1", "ids": ["<id>", ...] }.',
      },
    );
  }
  return parsed.data;
}
