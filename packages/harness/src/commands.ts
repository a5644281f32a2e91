import { caseCommand } from './cases/case-command.js';
import { CASES } from './cases.js';
import { type CliCommand, EXIT } from './cli-command.js';
import { checkCommand } from './command-check.js';
import { generateCommand } from './command-generate.js';
import { builtInSpecNames, loadSpecFile } from './spec-file.js';
import { engineStressTarget } from './stress/engine-stress-target.js';
import { stressCommand } from './stress/stress-command.js';

const listCases: CliCommand = {
  name: 'list-cases',
  summary: 'list the case studies `case <name>` runs',
  usage: '[--json]',
  options: { json: { type: 'boolean' } },
  run({ values, io }) {
    if (values.json) {
      io.stdout(`${JSON.stringify(CASES.map(({ name, summary, source }) => ({ name, summary, source })))}\n`);
      return EXIT.ok;
    }
    if (CASES.length === 0) io.stdout('no case studies are registered\n');
    for (const c of CASES) io.stdout(`${c.name.padEnd(20)} ${c.summary} (${c.source})\n`);
    return EXIT.ok;
  },
};

const listSpecs: CliCommand = {
  name: 'list-specs',
  summary: 'list the built-in workload specs `--spec NAME` accepts (shipped in the package)',
  usage: '',
  options: {},
  async run({ io }) {
    for (const name of builtInSpecNames()) {
      const spec = await loadSpecFile(name, io.cwd);
      const clustering = spec.schema.clustering.length;
      io.stdout(`${name.padEnd(20)} ${clustering} clustering column${clustering === 1 ? '' : 's'}\n`);
    }
    return EXIT.ok;
  },
};

/** Every `tombstone-harness` command, in `--help` order. Add a command by adding an entry. */
export const COMMANDS: CliCommand[] = [
  generateCommand,
  checkCommand,
  stressCommand(engineStressTarget),
  caseCommand,
  listCases,
  listSpecs,
];
