import { describe, expect, it } from 'vitest';
import { checkReasonText } from './check-text.js';
import type { ProtocolCheck } from './types.js';

const independence: ProtocolCheck = {
  name: 'sample_independence',
  passed: true,
  findings: [
    {
      quantity: 'lag1_autocorrelation',
      side: null,
      value: 0.1,
      limit: { relation: '<=', value: 0.5 },
      passed: true,
      note: null,
    },
    { quantity: 'runs', side: null, value: 6, limit: null, passed: true, note: null },
    {
      quantity: 'runs_test_p',
      side: null,
      value: 0.857142857,
      limit: { relation: '>=', value: 0.05 },
      passed: true,
      note: null,
    },
    { quantity: 'mann_kendall_tau', side: null, value: 0.05, limit: null, passed: true, note: null },
    {
      quantity: 'mann_kendall_p',
      side: null,
      value: 0.03125,
      limit: { relation: '>=', value: 0.05 },
      passed: true,
      note: null,
    },
  ],
};

describe('checkReasonText', () => {
  it("prints every p at the reports' 6 significant digits, or at pDigits for an editor", () => {
    const full = checkReasonText(independence, 'cpuNsPerOp', 'cpu ns/op');
    expect(full).toContain('runs R=6 p=0.857143');
    expect(full).toContain('p=0.03125');
    const short = checkReasonText(independence, 'cpuNsPerOp', 'cpu ns/op', 3);
    expect(short).toContain('runs R=6 p=0.857,');
    expect(short).toContain('p=0.0313');
  });
});
