import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type BenchmarkPackage, benchmarkFolders, readBenchmarkPackage } from './read-benchmark-package.ts';
import { renderCardModule } from './render-card-module.ts';
import { renderTsconfig, renderTsdownConfig, renderVitestConfig } from './render-config-files.ts';
import { renderIndexModule } from './render-index-module.ts';
import { renderPackageJson } from './render-package-json.ts';
import { renderFirstPartyBenchmarkPackages, renderRunnerPackageJson } from './render-runner-files.ts';

/** A file `npm run generate` writes: its path from the repository root and its whole content. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}

/** Every generated file of the repository at `root`, computed from the cards and package.json files. */
export function generatedFiles(root: string): GeneratedFile[] {
  const packages = benchmarkFolders(root).map((folder) => readBenchmarkPackage(root, folder));
  const engines = readJson(join(root, 'package.json')).engines;
  const runnerPackageJson = join(root, 'apps', 'runner', 'package.json');
  return [
    ...packages.flatMap((pkg) => benchmarkPackageFiles(pkg, engines)),
    {
      path: 'apps/runner/src/plugins/first-party-benchmark-packages.ts',
      content: renderFirstPartyBenchmarkPackages(packages),
    },
    ...(existsSync(runnerPackageJson)
      ? [
          {
            path: 'apps/runner/package.json',
            content: renderRunnerPackageJson(readJson(runnerPackageJson), packages),
          },
        ]
      : []),
  ];
}

function benchmarkPackageFiles(pkg: BenchmarkPackage, engines: unknown): GeneratedFile[] {
  const at = (file: string) => `plugins/benchmarks/${pkg.names.folder}/${file}`;
  const carded =
    pkg.card === undefined
      ? []
      : [
          { path: at('src/index.ts'), content: renderIndexModule(pkg, pkg.card) },
          { path: at(`src/${pkg.names.folder}-card.ts`), content: renderCardModule(pkg, pkg.card) },
        ];
  return [
    ...carded,
    { path: at('package.json'), content: renderPackageJson(pkg, engines) },
    { path: at('tsconfig.json'), content: renderTsconfig(pkg) },
    { path: at('tsdown.config.ts'), content: renderTsdownConfig() },
    { path: at('vitest.config.ts'), content: renderVitestConfig() },
  ];
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** The generated files whose content on disk differs from what `npm run generate` would write. */
export function outOfDateFiles(root: string, files: readonly GeneratedFile[]): string[] {
  return files
    .filter((file) => {
      const path = join(root, file.path);
      return !existsSync(path) || readFileSync(path, 'utf8') !== file.content;
    })
    .map((file) => file.path);
}

/** Writes the out-of-date generated files and returns their paths and how many files there are in all. */
export function writeGeneratedFiles(root: string): { written: string[]; total: number } {
  const files = generatedFiles(root);
  const written = outOfDateFiles(root, files);
  for (const file of files.filter((candidate) => written.includes(candidate.path))) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.content);
  }
  return { written, total: files.length };
}
