/**
 * Which extra analyses the results view asks the runner for: a growth fit over the first numeric parameter with
 * at least three values, a 2×2 factorial over the first parameter with exactly two.
 */
import type { ProtocolRunRecord } from '@tombstone-lab/bench/protocol';

/** The benchmarks of a results file, by their ids (`benchmarks[].id.params` is what is read). */
export type ParamsOf = ReadonlyArray<Pick<ProtocolRunRecord['benchmarks'][number], 'id'>>;

/** `--growth` / `--factorial` arguments for `tombstone-bench report` (each param name validated as a word). */
export function reportAnalysisArgs(benchmarks: ParamsOf): string[] {
  const values = new Map<string, Set<unknown>>();
  for (const b of benchmarks) {
    for (const [name, value] of Object.entries(b.id.params)) {
      values.set(name, (values.get(name) ?? new Set()).add(value));
    }
  }
  const names = [...values.keys()].filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
  const growth = names.find((n) => {
    const vs = [...(values.get(n) ?? [])];
    return vs.length >= 3 && vs.every((v) => typeof v === 'number');
  });
  const factorial = names.find((n) => n !== growth && values.get(n)?.size === 2);
  return [...(growth ? [`--growth=${growth}`] : []), ...(factorial ? [`--factorial=${factorial}`] : [])];
}
