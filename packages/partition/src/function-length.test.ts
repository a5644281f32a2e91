import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longFunctionsUnder } from '../../core/src/checks/test-function-lengths.js';

describe('no function in partition spans more than 60 lines', () => {
  it('holds for every shipped source file (the check itself is tested on planted functions in core)', () => {
    expect(longFunctionsUnder(fileURLToPath(new URL('.', import.meta.url)), 60)).toEqual([]);
  });
});
