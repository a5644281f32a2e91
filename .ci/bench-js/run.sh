#!/usr/bin/env bash
# A plain JavaScript npm project (no TypeScript installed, no "type": "module") with a .bench.mjs suite, from the
# packed tarball: `run`, `compare --baseline HEAD~1` (a git repo with two commits), `report` and `list --json` all
# work with no flags (no --no-typecheck, no mkdir, no install/build commands).
# Usage: run.sh <tombstone-lab-bench-*.tgz> [scratch-dir]
set -euo pipefail
TGZ=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
P=${2:-$(mktemp -d)}
L=$(mktemp -d) # captured output, outside the project so its tree stays clean
trap 'rm -rf "$L"' EXIT
mkdir -p "$P" && cd "$P"
say() { echo "bench-js: $*"; }

say "1. a fresh npm project without TypeScript"
git init -q -b main
git config user.email bench-js@example.com && git config user.name BenchJs
npm init -y >/dev/null
mkdir -p vendor bench && cp "$TGZ" vendor/
printf 'node_modules\n.tombstone-bench\nout\n' > .gitignore
npm install --no-audit --no-fund --save-dev "./vendor/$(basename "$TGZ")"
if [ -d node_modules/typescript ]; then echo "typescript is installed: not a JavaScript-only project"; exit 1; fi

say "2. a .bench.mjs suite, two commits"
cat > sum.mjs <<'JS'
/** Sum of squares. */
export function sumOfSquares(xs) {
  let total = 0;
  for (const x of xs) total += x * x;
  return total;
}
JS
cat > bench/sum.bench.mjs <<'JS'
import { defineSuite } from '@tombstone-lab/bench';
import { sumOfSquares } from '../sum.mjs';

export default defineSuite({
  name: 'Sum',
  params: { size: [1000] },
  sampling: { sampleMs: 20, warmupMs: 50 },
  setup: ({ size }) => ({ xs: Array.from({ length: size }, (_, i) => i) }),
  benchmarks: { sumOfSquares: (s) => sumOfSquares(s.xs) },
});
JS
git add -A && git commit -qm "sum of squares"
sed -i 's/^\/\*\* Sum of squares. \*\//\/** Sum of squares (commit 2). *\//' sum.mjs
git commit -qam "commit 2"

say "3. run, compare, report, list --json: no flags"
npx --no-install tombstone-bench run --out out/run.json 2>&1 | tee "$L/run.txt"
grep -Eq '^Sum.sumOfSquares\[size=1000\] ' "$L/run.txt"
set +e
npx --no-install tombstone-bench compare --baseline HEAD~1 --out out/compare.json >"$L/compare.txt" 2>"$L/compare.err"
code=$?
set -e
cat "$L/compare.txt" "$L/compare.err"
grep -q 'Candidate: working tree$' "$L/compare.txt"
# exit 0 (no regression) or 1 (Lost: the gate failed); 2 would be a usage error such as a demand for TypeScript.
[ "$code" = 0 ] || [ "$code" = 1 ]
grep -Eq '^Sum.sumOfSquares\[size=1000\] .*(Won|Held|Unchanged|Lost|Inconclusive)' "$L/compare.txt"
if grep -qi 'typescript\|typecheck' "$L/compare.err"; then echo "compare talked about TypeScript"; exit 1; fi
npx --no-install tombstone-bench report out/compare.json | tee "$L/report.txt"
grep -q 'Sum.sumOfSquares' "$L/report.txt"
npx --no-install tombstone-bench list --json > "$L/list.json"
node -e '
  const l = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const s = l.suites[0];
  if (l.suites.length !== 1 || s.suite !== "Sum" || s.loadError !== null || !/sum\.bench\.mjs$/.test(s.file))
    throw new Error("unexpected list: " + JSON.stringify(l));' "$L/list.json"
say "ok (compare exit $code)"
