#!/usr/bin/env bash
# The README's npm-project walkthrough, end to end, in a scratch npm project outside any workspace:
# install the packed tarball, write two bench files, `run`, commit twice, `compare --baseline HEAD~1` with no extra
# flags, then `report` as a CI gate would, and the README's Engine and Protocol samples. Every source file is taken
# from the installed package's README (readme-file.mjs), so a README sample that does not run fails here.
# Usage: run.sh <tombstone-lab-bench-*.tgz> [scratch-dir]
set -euo pipefail
TGZ=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
P=${2:-$(mktemp -d)}
L=$(mktemp -d) # this script's own captures: out/ is made by the commands themselves, as the README says nothing else
trap 'rm -rf "$L"' EXIT
mkdir -p "$P" && cd "$P"
say() { echo "walkthrough: $*"; }

say "1. a fresh npm project with the bench tarball"
git init -q -b main
git config user.email walkthrough@example.com && git config user.name Walkthrough
npm init -y >/dev/null
npm pkg set type=module
mkdir -p vendor src bench && cp "$TGZ" vendor/
printf 'node_modules\n.tombstone-bench\nout\n' > .gitignore
npm install --no-audit --no-fund --save-dev "./vendor/$(basename "$TGZ")" typescript@5.9.3 @types/node@20.19.43
npx --no-install tombstone-bench --version
README=node_modules/@tombstone-lab/bench/README.md
# readme <name> <path>: writes the README's block `// <name>` to <path>
readme() { mkdir -p "$(dirname "$2")" && node "$HERE/readme-file.mjs" "$README" "$1" > "$2"; }

say "2. write a suite with two implementations and run it"
readme src/lookup.ts src/lookup.ts && readme bench/lookup.bench.ts bench/lookup.bench.ts
npx --no-install tombstone-bench list
npx --no-install tombstone-bench run bench/lookup.bench.ts --out out/lookup.json --events out/events.ndjson | tee "$L/run.txt"
grep -q '^Lookup.find\[size=100\]' "$L/run.txt"

say "3. two commits, then compare them (no flags: npm ci and no build step come from the project)"
readme src/sum.ts src/sum.ts && readme bench/sum.bench.ts bench/sum.bench.ts
git add -A && git commit -qm "sum of squares"
readme 'src/sum.ts (commit 2)' src/sum.ts
git commit -qam "sum of squares, cleaner"
set +e
npx --no-install tombstone-bench compare --baseline HEAD~1 bench/sum.bench.ts --out out/sum.json >"$L/compare.txt" 2>"$L/compare.err"
code=$?
set -e
cat "$L/compare.txt" "$L/compare.err"
grep -q 'Candidate: working tree$' "$L/compare.txt"
grep -q 'project: npm (package-lock.json): npm ci' "$L/compare.err"
row=$(grep '^Sum.sumOfSquares\[size=1000\]' "$L/compare.txt")
# The slower commit is Lost; on a machine too noisy for the checks it is Inconclusive but still reads as a
# regression. Either way the gate fails: exit 1.
grep -Eq ' (Lost|Inconclusive) ' <<<"$row"
[ "$code" = 1 ]

say "4. gate in CI: report renders the saved run (exit 0), --fail-on-lost gates"
npx --no-install tombstone-bench report out/sum.json --format markdown > out/summary.md
grep -q '| Sum.sumOfSquares\[size=1000\] |' out/summary.md
set +e
npx --no-install tombstone-bench report out/sum.json --fail-on-lost >/dev/null
gate=$?
set -e
[ "$gate" = "$code" ]

say "5. the README's Engine and Protocol samples: type-checked and run as written"
readme examples/engine.ts examples/engine.ts && readme examples/events.ts examples/events.ts
# The README's own lines (readme-samples.test.ts holds them equal), so its command to run the samples is tested here.
npx tsc --strict --target es2022 --module nodenext --types node --skipLibCheck --outDir out/examples examples/engine.ts examples/events.ts
node out/examples/engine.js | tee "$L/engine.txt"
grep -q 'benchmark(s) in .*out/engine.json$' "$L/engine.txt"
node out/examples/events.js | tee "$L/events.txt"
grep -q '^Lookup.find\[size=100\]: fork [0-9]* / [0-9]*$' "$L/events.txt"
say "ok (compare exit $code)"
