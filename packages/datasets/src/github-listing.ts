/**
 * How HELM sees an upstream GitHub folder it lists with the contents API and then downloads file by
 * file from `raw.githubusercontent.com` (MTSamples' reports): which names it lists, in which order,
 * and which of them it can download. A loader that reads such a folder from disk applies the same
 * rules to get HELM's instances and ids.
 */

/**
 * Compares two file names as git orders a tree, and so the GitHub contents API lists a folder's
 * files: by the bytes of their UTF-8 encoding (space < `#` < `-` < digits < upper case < lower
 * case < non-ASCII), not by UTF-16 code units or locale.
 */
export function compareGitTreeNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The most entries the GitHub contents API returns for one folder; the rest are never listed. */
export const GITHUB_CONTENTS_MAX_ENTRIES = 1000;

/**
 * Whether the GitHub contents API lists a file of this name in a folder whose
 * {@link GITHUB_CONTENTS_MAX_ENTRIES}th and last listed entry is `lastListedName`: the name sorts
 * (git tree order) at or before it. Files sorting after it are never seen by a lister like HELM.
 */
export function githubContentsListsName(fileName: string, lastListedName: string): boolean {
  return compareGitTreeNames(fileName, lastListedName) <= 0;
}

/**
 * Whether real HELM can download a file of this name. HELM fetches `RAW_BASE_URL + file_name`
 * without URL-encoding the name, so `requests` takes a `#` (or `?`) in it for the start of the
 * fragment (or query), asks for a truncated path, gets 404, and HELM skips the file.
 */
export function helmCanDownload(fileName: string): boolean {
  return !/[#?]/.test(fileName);
}
