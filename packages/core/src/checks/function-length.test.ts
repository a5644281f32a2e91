import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longFunctions, longFunctionsUnder } from './test-function-lengths.js';

const LIMIT = 60;

describe('no function in core spans more than 60 lines', () => {
  it('holds for every shipped source file', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    expect(longFunctionsUnder(src, LIMIT)).toEqual([]);
  });

  it('catches a planted long function of each kind, nested ones too', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  x += ${i};`).join('\n');
    const text = [
      `export function declared(): number {\n  let x = 0;\n${body(57)}\n  return x;\n}`,
      `export function fits(): number {\n  let x = 0;\n${body(56)}\n  return x;\n}`,
      `class C {\n  method(): void {\n    let x = 0;\n${body(58)}\n  }\n}`,
      `const arrow = () => {\n  let x = 0;\n${body(58)}\n};`,
      `function outer() {\n  return function inner() {\n    let x = 0;\n${body(58)}\n  };\n}`,
    ].join('\n');
    const found = longFunctions('planted.ts', text, LIMIT).map((f) => [f.name, f.lines]);
    expect(found).toEqual([
      ['declared', 61],
      ['method', 61],
      ['arrow', 61],
      ['outer', 63],
      ['inner', 61],
    ]);
  });
});
