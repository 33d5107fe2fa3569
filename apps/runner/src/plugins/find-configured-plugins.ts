import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PluginLoadError } from '@medhelm/core';
import { unreadable } from './find-first-party-plugins.ts';
import { packageCandidate } from './find-project-plugins.ts';
import { type FoundPackage, findInstalledPackage, isFile, splitBareSpecifier } from './package-files.ts';
import type { PluginCandidate } from './plugin-candidate.ts';
import type { RunConfig } from './run-config.ts';

/**
 * The plugins a run config lists. A bare specifier is a package installed for the project (found
 * from the config file's folder, as Node would); `./x.mjs`, `../x.mjs`, an absolute path or a
 * `file:` URL is a module file, resolved from the config file's folder.
 */
export function findConfiguredPlugins(config: RunConfig, cwd: string = config.directory): PluginCandidate[] {
  const foundVia = `plugins in ${relative(cwd, config.path) || config.path}`;
  return config.plugins.map(({ specifier, options, hasOptions }) => {
    const base = {
      packageName: specifier,
      origin: 'config' as const,
      foundVia,
      hasOptions,
      ...(hasOptions ? { options } : {}),
    };
    if (isPathSpecifier(specifier)) {
      const file = specifier.startsWith('file:')
        ? fileURLToPath(specifier)
        : resolve(config.directory, specifier);
      if (!isFile(file)) {
        return {
          ...base,
          location: file,
          problem: new PluginLoadError(specifier, `no such file: ${file}.`, {
            hint: `Paths in "plugins" are resolved from the folder of ${config.path}.`,
          }),
        };
      }
      return { ...base, location: file, importSpecifier: pathToFileURL(file).href };
    }
    const { name, subpath } = splitBareSpecifier(specifier);
    let found: FoundPackage | undefined;
    try {
      found = findInstalledPackage(name, config.directory);
    } catch (error) {
      return { ...base, problem: unreadable(name, error) };
    }
    if (found === undefined) {
      return {
        ...base,
        problem: new PluginLoadError(
          specifier,
          `is not installed: no node_modules/${name} in ${config.directory} or a folder above it.`,
          { hint: `Install it in the project (npm install ${name}), or fix the name in ${config.path}.` },
        ),
      };
    }
    return packageCandidate(base, found, subpath);
  });
}

function isPathSpecifier(specifier: string): boolean {
  return (
    specifier.startsWith('./') ||
    specifier.startsWith('../') ||
    specifier.startsWith('file:') ||
    isAbsolute(specifier)
  );
}
