import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** A name a module exports, and whether it is only a type (re-exported as `type Name`). */
export interface ModuleExport {
  readonly name: string;
  readonly typeOnly: boolean;
}

/** The names a TypeScript file exports, read with the TypeScript parser (nothing is executed). */
export function moduleExports(path: string): ModuleExport[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap(statementExports);
}

function statementExports(statement: ts.Statement): ModuleExport[] {
  if (ts.isExportDeclaration(statement)) {
    const clause = statement.exportClause;
    if (clause === undefined || !ts.isNamedExports(clause)) return [];
    return clause.elements.map((element) => ({
      name: element.name.text,
      typeOnly: statement.isTypeOnly || element.isTypeOnly,
    }));
  }
  if (!hasExportModifier(statement)) return [];
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
    return [{ name: statement.name.text, typeOnly: true }];
  }
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isEnumDeclaration(statement)
  ) {
    return statement.name === undefined ? [] : [{ name: statement.name.text, typeOnly: false }];
  }
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) ? [{ name: declaration.name.text, typeOnly: false }] : [],
    );
  }
  return [];
}

function hasExportModifier(statement: ts.Statement): boolean {
  return (
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  );
}
