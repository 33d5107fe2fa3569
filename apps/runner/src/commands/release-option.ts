import { ConfigError } from '@medhelm/core';
import { findRelease, type Release, releaseNames } from '@medhelm/releases';

/** The release `--release <name>` names; a ConfigError listing the known ones otherwise. */
export function releaseOption(name: string): Release {
  const release = findRelease(name);
  if (release !== undefined) return release;
  throw new ConfigError(`--release: there is no release named "${name}".`, {
    hint: `Known releases: ${releaseNames().join(', ')} (see @medhelm/releases).`,
  });
}
