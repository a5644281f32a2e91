#!/usr/bin/env bash
# The README's npm-project walkthrough, end to end, in a scratch npm project outside any workspace:
# install the packed tarball, write two bench files, `run`, commit twice, `compare --baseline HEAD~1` with no extra
# flags, then `report` as a CI gate would. Usage: run.sh <tombstone-lab-bench-*.tgz> [scratch-dir]
set -euo pipefail
TGZ=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
P=${2:-$(mktemp -d)}
mkdir -p "$P" && cd "$P"
say() { echo "walkthrough: $*"; }

say "1. a fresh npm project with the bench tarball"
git init -q -b main
git config user.email walkthrough@example.com && git config user.name Walkthrough
npm init -y >/dev/null
npm pkg set type=module
mkdir -p vendor src bench && cp "$TGZ" vendor/
printf 'node_modules\n.tombstone-bench\nout\n' > .gitignore
mkdir -p out
npm install --no-audit --no-fund --save-dev "./vendor/$(basename "$TGZ")" typescript@5.9.3 @types/node@20.19.43
npx --no-install tombstone-bench --version

say "2. write a suite with two implementations and run it"
cp "$HERE/lookup.ts" src/lookup.ts && cp "$HERE/lookup.bench.ts" bench/lookup.bench.ts
npx --no-install tombstone-bench list
npx --no-install tombstone-bench run bench/lookup.bench.ts --out out/lookup.json | tee out/run.txt
grep -q '^Lookup.find\[size=100\]' out/run.txt

say "3. two commits, then compare them (no flags: npm ci and no build step come from the project)"
cp "$HERE/sum-v1.ts" src/sum.ts && cp "$HERE/sum.bench.ts" bench/sum.bench.ts
git add -A && git commit -qm "sum of squares"
cp "$HERE/sum-v2.ts" src/sum.ts
git commit -qam "sum of squares, cleaner"
set +e
npx --no-install tombstone-bench compare --baseline HEAD~1 bench/sum.bench.ts --out out/sum.json >out/compare.txt 2>out/compare.err
code=$?
set -e
cat out/compare.txt out/compare.err
grep -q 'Candidate: working tree$' out/compare.txt
grep -q 'project: npm (package-lock.json): npm ci' out/compare.err
row=$(grep '^Sum.sumOfSquares\[size=1000\]' out/compare.txt)
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
say "ok (compare exit $code)"
