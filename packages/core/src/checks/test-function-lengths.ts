// Test-only (excluded from the build): lists the functions longer than a limit in a package's sources, with the
// TypeScript compiler's own parser (already a dev dependency of the repository): every function declaration,
// method, constructor, accessor, function expression and arrow function, nested ones included.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** A function over the limit: where it is and how many lines it spans. */
export interface LongFunction {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly lines: number;
}

/** The functions of `text` (a TypeScript module) that span more than `limit` lines, first line to last. */
export function longFunctions(file: string, text: string, limit: number): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ file, name: nameOf(node), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name !== undefined && (ts.isIdentifier(named.name) || ts.isPrivateIdentifier(named.name))) {
    return named.name.text;
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent !== undefined && (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent))) {
    return ts.isIdentifier(parent.name) ? parent.name.text : '(anonymous)';
  }
  return '(anonymous)';
}

/** Every non-test `.ts` file under `dir` (tests and `test-*.ts` helpers are not shipped code). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.startsWith('test-') ? [path] : [];
  });
}

/** The functions over `limit` lines in the shipped sources under `srcDir`, paths relative to it. */
export function longFunctionsUnder(srcDir: string, limit: number): LongFunction[] {
  return sourcesUnder(srcDir).flatMap((path) =>
    longFunctions(relative(srcDir, path), readFileSync(path, 'utf8'), limit),
  );
}
