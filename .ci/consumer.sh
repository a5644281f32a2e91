#!/usr/bin/env bash
# Packs every public workspace package with `pnpm pack` (which rewrites workspace:* and applies publishConfig),
# installs the tarballs with npm into a scratch project OUTSIDE the workspace, and uses them the way users do:
# an ESM import of each package, a usage smoke test, a bin smoke test, and a TypeScript check under
# moduleResolution nodenext, bundler and node10. Prints `consumer ok: <check>` / `consumer FAILED: <check>` per check.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LOGS=${1:-$ROOT/.ci/out/consumer}
mkdir -p "$LOGS"
TARBALLS=$(mktemp -d)
APP=$(mktemp -d)
trap 'rm -rf "$TARBALLS" "$APP"' EXIT
status=0
check() { # check NAME CMD...
  local name=$1; shift
  if "$@" >"$LOGS/$name.log" 2>&1; then echo "consumer ok: $name"; else echo "consumer FAILED: $name"; tail -30 "$LOGS/$name.log"; status=1; fi
}

packages=()
for manifest in "$ROOT"/packages/*/package.json; do
  dir=$(dirname "$manifest")
  if node -e 'process.exit(require(process.argv[1]).private ? 1 : 0)' "$manifest"; then
    name=$(node -p 'require(process.argv[1]).name' "$manifest")
    packages+=("$name")
    check "pack-${name##*/}" pnpm --dir "$dir" pack --pack-destination "$TARBALLS"
  fi
done

cp "$ROOT"/.ci/consumer/* "$APP"/
cd "$APP"
check "npm-install" npm install --no-audit --no-fund "$TARBALLS"/*.tgz typescript@5.9.3 @types/node@20.19.43
for name in "${packages[@]}"; do
  check "import-${name##*/}" node --input-type=module -e "
    const m = await import('$name');
    const names = Object.keys(m);
    if (names.length === 0) throw new Error('$name exports nothing');
    console.log('$name exports', names.join(', '));"
done
check "smoke" node smoke.mjs
# The bench README's npm walkthrough, from the packed tarball: run, compare --baseline HEAD~1, report as a gate.
check "bench-walkthrough" bash "$ROOT/.ci/bench-walkthrough/run.sh" "$TARBALLS"/tombstone-lab-bench-*.tgz
# A plain JavaScript project (no TypeScript) with a .bench.mjs suite: run, compare, report, list --json, no flags.
check "bench-js-project" bash "$ROOT/.ci/bench-js/run.sh" "$TARBALLS"/tombstone-lab-bench-*.tgz
check "types-nodenext" npx tsc -p tsconfig.nodenext.json
check "types-bundler" npx tsc -p tsconfig.bundler.json
# moduleResolution node10 ignores `exports`: bench's `typesVersions` must map /runner and /protocol.
check "types-node10" npx tsc -p tsconfig.node10.json

# A project holding ONLY the core tarball: it must import and type-check on its own under both resolutions.
CORE_ONLY=$(mktemp -d)
trap 'rm -rf "$TARBALLS" "$APP" "$CORE_ONLY"' EXIT
cp "$ROOT"/.ci/consumer/package.json "$ROOT"/.ci/consumer/core-only.ts "$CORE_ONLY"/
for mode in nodenext bundler; do sed 's/"files": \[.*\]/"files": ["core-only.ts"]/' "$ROOT/.ci/consumer/tsconfig.$mode.json" >"$CORE_ONLY/tsconfig.$mode.json"; done
cd "$CORE_ONLY"
check "core-only-install" npm install --no-audit --no-fund "$TARBALLS"/tombstone-lab-core-*.tgz typescript@5.9.3 @types/node@20.19.43
check "core-only-import" node --input-type=module -e "import { RangeTombstoneList } from '@tombstone-lab/core'; if (typeof RangeTombstoneList !== 'function') process.exit(1);"
check "core-only-types-nodenext" npx tsc -p tsconfig.nodenext.json
check "core-only-types-bundler" npx tsc -p tsconfig.bundler.json
exit $status
