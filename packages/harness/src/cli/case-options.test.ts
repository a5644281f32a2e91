import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRun, UsageError } from '@tombstone-lab/bench/runner';
import { describe, expect, it } from 'vitest';
import { SAMPLES } from './case-options.js';

describe('case --samples limits', () => {
  // The limit is restated in harness (bench is an optional peer, loaded only when a case measures); this holds it to
  // bench's own refusal, so a change of bench's sequential maximum fails here instead of 15 s into a case.
  it("allows no more forks per side than bench's sequential design takes", async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'case-samples-'));
    try {
      const refused = startRun({ mode: 'run', cwd, samplesPerSide: SAMPLES.max + 1 });
      await expect(refused.result).rejects.toThrow(UsageError);
      await expect(refused.result).rejects.toThrow(
        `out of range for a sequential run (>= 1 and <= ${SAMPLES.max})`,
      );
      // At the limit itself the options pass: what stops this run is only that cwd holds no bench file.
      const atLimit = startRun({ mode: 'run', cwd, samplesPerSide: SAMPLES.max });
      await expect(atLimit.result).rejects.not.toThrow(/samplesPerSide/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
