#!/usr/bin/env node
// Fails when a function in tracked source is too long to read at once: over 100 lines, or over 200 in
// packages/testing (whose contract suites and mock servers are test helpers). Counted with the
// TypeScript parser, from a function's first line to its last, for declarations, methods, arrows and
// function expressions in `src/**/*.ts(x)` files that are not tests.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const LIMIT = 100;
const TESTING_LIMIT = 200;

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const files = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file.split('/').includes('src') && !/\.test\.tsx?$/.test(file));

const tooLong = [];
for (const file of files) {
  const limit = file.startsWith('packages/testing/') ? TESTING_LIMIT : LIMIT;
  const source = ts.createSourceFile(
    file,
    readFileSync(`${root}/${file}`, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit)
        tooLong.push({
          lines,
          where: `${file}:${first + 1}`,
          name: node.name?.getText(source) ?? '(anonymous)',
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (tooLong.length > 0) {
  tooLong.sort((a, b) => b.lines - a.lines);
  for (const { lines, where, name } of tooLong) console.log(`${lines} ${where} ${name}`);
  console.error(
    `\n${tooLong.length} function(s) over ${LIMIT} lines (${TESTING_LIMIT} in packages/testing): split each into named steps.`,
  );
  process.exit(1);
}
