import { describe, expect, it } from 'vitest';
import { newestSavedRuns } from './newest-saved.js';

describe('newestSavedRuns', () => {
  it("keeps each benchmark's newest run, oldest first; a run newer for no benchmark is left out", () => {
    const files = newestSavedRuns([
      { file: 'old-all.json', startedAt: 1, keys: ['S.a', 'S.b'] },
      { file: 'new-a.json', startedAt: 3, keys: ['S.a'] },
      { file: 'mid-all.json', startedAt: 2, keys: ['S.a', 'S.b'] },
      { file: 'other.json', startedAt: 0, keys: ['T.x'] },
    ]);
    expect(files).toEqual(['other.json', 'mid-all.json', 'new-a.json']);
  });
});
