import { checkSpecIsCheckable } from '../check/check-run.js';
import { opRange } from '../generator/op-range.js';
import type { WorkloadSpec } from '../generator/spec.js';
import { builtInSpecNames, loadSpecFile } from '../generator/spec-file.js';
import { benchCommand, loadWithBench } from './bench-peer.js';
import { CASE_COMMAND_INFO } from './case-options.js';
import { checkCommand } from './check-command.js';
import { type CliCommand, EXIT } from './command.js';
import { generateCommand } from './generate-command.js';
import { STRESS_COMMAND_INFO } from './stress-options.js';

const listCases: CliCommand = {
  name: 'list-cases',
  summary: 'list the case studies `case <name>` runs',
  usage: '[--json]',
  options: { json: { type: 'boolean' } },
  async run({ values, io }) {
    const { CASES } = await loadWithBench('list-cases', () => import('../cases/case-list.js'));
    if (values.json) {
      io.stdout(`${JSON.stringify(CASES.map(({ name, summary, source }) => ({ name, summary, source })))}\n`);
      return EXIT.ok;
    }
    if (CASES.length === 0) io.stdout('no case studies are registered\n');
    for (const c of CASES) io.stdout(`${c.name.padEnd(20)} ${c.summary} (${c.source})\n`);
    return EXIT.ok;
  },
};

/** Whether `check` takes the spec (gc grace covers the timestamp spread, at most 2^16 rows per partition). */
function isCheckable(spec: WorkloadSpec): boolean {
  try {
    checkSpecIsCheckable(spec);
    return true;
  } catch {
    return false;
  }
}

const listSpecs: CliCommand = {
  name: 'list-specs',
  summary: 'list the built-in workload specs `--spec NAME` accepts (shipped in the package)',
  usage: '[--json]',
  options: { json: { type: 'boolean' } },
  async run({ values, io }) {
    const rows = [];
    for (const name of builtInSpecNames()) {
      const spec = await loadSpecFile(name, io.cwd);
      const ops = Object.entries(spec.ops)
        .filter(([, o]) => o.weight > 0)
        .map(([kind]) => kind);
      rows.push({
        name,
        checkable: isCheckable(spec),
        clustering: spec.schema.clustering.length,
        ops,
        lastOp: opRange(spec).lastOp,
      });
    }
    if (values.json) {
      io.stdout(`${JSON.stringify(rows)}\n`);
      return EXIT.ok;
    }
    for (const r of rows)
      io.stdout(
        `${r.name.padEnd(20)} ${r.clustering} clustering column${r.clustering === 1 ? '' : 's'}, ops 0 … ${r.lastOp}${r.checkable ? ', checkable' : ''}\n`,
      );
    return EXIT.ok;
  },
};

/** Every `tombstone-harness` command, in `--help` order. Add a command by adding an entry. */
export const COMMANDS: CliCommand[] = [
  generateCommand,
  checkCommand,
  // stress and case draw with bench (an optional peer): their code loads on first run, so --help, generate, check
  // and the library work without it.
  benchCommand(STRESS_COMMAND_INFO, async () => {
    const [{ stressCommand }, { engineStressTarget }] = await Promise.all([
      import('./stress-command.js'),
      import('../stress/engine-stress-target.js'),
    ]);
    return stressCommand(engineStressTarget);
  }),
  benchCommand(CASE_COMMAND_INFO, async () => (await import('./case-command.js')).caseCommand),
  listCases,
  listSpecs,
];
