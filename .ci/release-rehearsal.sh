#!/usr/bin/env bash
# Release rehearsal: a real npm registry (verdaccio, no uplinks, loopback only, storage under $OUT) started here and
# always stopped here; in a throwaway copy of the repository `changeset version` (versions, internal ranges and
# CHANGELOGs checked) and `changeset publish` into it; then fresh npm, pnpm and yarn projects that know only the
# registry's address install each package BY NAME, run its README example and its bins, and check the installed tree.
# Prints `rehearsal ok: <check>` / `rehearsal FAILED: <check>` per check (.ci/run counts them as tests).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$ROOT/.ci/out/rehearsal}
TOOLS="$ROOT/.ci/tools"
CHECKS="$ROOT/.ci/release/rehearsal.mjs"
rm -rf "$OUT" && mkdir -p "$OUT/logs"
WORK=$(mktemp -d)
REGISTRY_PID=
cleanup() {
  if [ -n "$REGISTRY_PID" ]; then kill "$REGISTRY_PID" 2>/dev/null && wait "$REGISTRY_PID" 2>/dev/null; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
status=0
check() { # check NAME CMD...
  local name=$1; shift
  if "$@" >"$OUT/logs/$name.log" 2>&1; then echo "rehearsal ok: $name"; else
    echo "rehearsal FAILED: $name"; tail -30 "$OUT/logs/$name.log"; status=1; return 1; fi
}

install_verdaccio() { # the pinned server and its lockfile, installed once per checkout into .ci/tools
  local dir="$TOOLS/verdaccio"
  if cmp -s "$ROOT/.ci/verdaccio/package-lock.json" "$dir/package-lock.json" && [ -d "$dir/node_modules/verdaccio" ]; then return 0; fi
  rm -rf "$dir" && mkdir -p "$dir" && cp "$ROOT"/.ci/verdaccio/package*.json "$dir"/
  (cd "$dir" && npm ci --no-audit --no-fund --registry https://registry.npmjs.org/)
}

start_registry() {
  local port; port=$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  REGISTRY="http://127.0.0.1:$port/"
  mkdir -p "$OUT/registry/storage"
  cat >"$OUT/registry/config.yaml" <<EOF
storage: $OUT/registry/storage
auth:
  htpasswd:
    file: $OUT/registry/htpasswd
    max_users: 1
uplinks: {}
# JWT tokens: verified by signature, where legacy tokens cost a bcrypt check (~1 s here) on every request.
security:
  api:
    jwt:
      sign:
        expiresIn: 1d
packages:
  '**':
    access: \$all
    publish: \$authenticated
listen: 127.0.0.1:$port
log: { type: stdout, format: pretty, level: warn }
EOF
  node "$TOOLS/verdaccio/node_modules/verdaccio/bin/verdaccio" --config "$OUT/registry/config.yaml" >"$OUT/registry/server.log" 2>&1 &
  REGISTRY_PID=$!
  for _ in $(seq 1 120); do
    curl -sf "${REGISTRY}-/ping" >/dev/null && { echo "registry at $REGISTRY (pid $REGISTRY_PID)"; return 0; }
    kill -0 "$REGISTRY_PID" 2>/dev/null || break
    sleep 0.5
  done
  cat "$OUT/registry/server.log"; return 1
}

create_token() { # a user created against this server only; its token goes into the throwaway copy's .npmrc
  local password; password=$(node -p 'require("node:crypto").randomBytes(18).toString("hex")')
  curl -sf -X PUT -H 'content-type: application/json' -d "{\"name\":\"rehearsal\",\"password\":\"$password\"}" \
    "${REGISTRY}-/user/org.couchdb.user:rehearsal" | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).token))'
}

# The runtime dependencies the packages name (esbuild, valibot, …), taken from the public registry (npm's cache
# serves repeats) and published into the local one: with no uplinks it holds nothing else.
seed_dependencies() {
  node "$CHECKS" closure "$ROOT" >"$OUT/closure.txt" || return 1
  mkdir -p "$WORK/seed" && cd "$WORK/seed" || return 1
  xargs -P 4 -n 4 npm pack --silent --registry https://registry.npmjs.org/ <"$OUT/closure.txt" >/dev/null || return 1
  printf 'registry=%s\n//%s:_authToken=%s\n' "$REGISTRY" "${REGISTRY#http://}" "$TOKEN" >"$WORK/seed.npmrc"
  ls ./*.tgz | xargs -P 4 -I{} npm publish {} --userconfig "$WORK/seed.npmrc" --ignore-scripts --tag seeded --silent
}

# The working tree (committed or not, no ignored files) as a fresh repository, installed from pnpm's store.
throwaway_copy() {
  COPY="$WORK/copy" && mkdir -p "$COPY"
  (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} sh -c 'test -e "$1" && printf "%s\0" "$1"' _ {} \
    | tar --null -T - -cf -) | tar -C "$COPY" -xf - || return 1
  cd "$COPY" && git init -q -b main && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm copy || return 1
  pnpm install --frozen-lockfile --offline || pnpm install --frozen-lockfile
}

rehearsal_changeset() { # every package gets at least a patch, so every version, range and CHANGELOG is exercised
  {
    echo '---'
    node -e 'for (const m of process.argv.slice(1)) console.log(`"${require(m).name}": patch`)' "$COPY"/packages/*/package.json "$COPY"/apps/*/package.json
    printf -- '---\n\nRelease rehearsal.\n'
  } >"$COPY/.changeset/release-rehearsal.md"
  (cd "$COPY" && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm rehearsal)
  node "$CHECKS" expected "$COPY" >"$OUT/expected.json" && cat "$OUT/expected.json"
}

version_packages() { (cd "$COPY" && pnpm exec changeset version) && node "$CHECKS" versioned "$COPY" "$OUT/expected.json"; }

publish_packages() {
  printf 'registry=%s\n//%s:_authToken=%s\n' "$REGISTRY" "${REGISTRY#http://}" "$TOKEN" >"$COPY/.npmrc"
  # One build after the version bump, so each package's prepack build is a cache hit.
  (cd "$COPY" && pnpm build --output-logs=errors-only && pnpm exec changeset publish) \
    && node "$CHECKS" published "$COPY" "$REGISTRY" "$OUT/expected.json"
}

public_packages() { node -e 'const e=require(process.argv[1]);console.log(Object.keys(e).filter((n)=>n.startsWith("@tombstone-lab/")).join("\n"))' "$OUT/expected.json"; }
version_of() { node -p 'require(process.argv[1])[process.argv[2]]' "$OUT/expected.json" "$1"; }

# new_project DIR MANAGER: an empty ESM project whose only registry is the local one.
new_project() {
  mkdir -p "$1" && echo '{ "name": "rehearsal-consumer", "private": true, "type": "module" }' >"$1/package.json"
  echo "registry=$REGISTRY" >"$1/.npmrc"
  case $2 in
  yarn) echo "registry \"$REGISTRY\"" >"$1/.yarnrc" ;;
  # pnpm ≥ 11 fails an install whose dependencies' build scripts are not listed: esbuild's postinstall (which only
  # checks its platform binary) is what a user approves with `pnpm approve-builds`.
  pnpm) printf 'allowBuilds:\n  esbuild: true\n' >"$1/pnpm-workspace.yaml" ;;
  esac
}

add_by_name() { # add_by_name MANAGER DIR PACKAGE…
  local manager=$1 dir=$2; shift 2
  case $manager in
  npm) (cd "$dir" && npm install --no-audit --no-fund "$@") ;;
  pnpm) (cd "$dir" && pnpm add "$@") ;;
  yarn) (cd "$dir" && "$TOOLS/yarn/node_modules/.bin/yarn" add --non-interactive --no-progress "$@") ;;
  esac
}

run_bins() { # run_bins DIR PACKAGE: each bin the package ships, run as its README says (npx)
  local dir=$1 name=$2 version; version=$(version_of "$name")
  cd "$dir" || return 1
  case $name in
  @tombstone-lab/bench) # the README's suite, listed and run for real (forks, esbuild) in a five-fork smoke run (two cannot reach alpha: the gate fails)
    cp "$OUT/examples/bench.ts" array-copy.bench.ts \
      && [ "$(npx --no-install tombstone-bench --version)" = "$version" ] && npx --no-install tombstone-bench list \
      && npx --no-install tombstone-bench run array-copy.bench.ts -n 5 --sample-ms 20 --warmup-ms 20 --no-fail-on-lost \
        --filter 'copy\[size=10\]' --no-typecheck --out smoke.json && test -s smoke.json ;;
  @tombstone-lab/harness)
    [ "$(npx --no-install tombstone-harness --version)" = "$version" ] && npx --no-install tombstone-harness list-specs \
      && npx --no-install tombstone-harness generate --spec mixed --seed 42 --ops 5 \
      && npx --no-install tombstone-harness check --spec check-mixed --seed 42 --ops 500 ;;
  esac
}

consume() { # consume MANAGER: one project per package, installed by name with what its README example imports
  local manager=$1 name short dir wanted
  for name in $(public_packages); do
    short=${name##*/}; dir="$WORK/$manager-$short"
    # shellcheck disable=SC2207 # package names have no spaces
    wanted=($(grep -oE "from ['\"]@tombstone-lab/[a-z-]+" "$OUT/examples/$short.mjs" | cut -c7- | sort -u))
    [[ " ${wanted[*]} " == *" $name "* ]] || wanted+=("$name")
    new_project "$dir" "$manager"
    check "$manager-install-$short" add_by_name "$manager" "$dir" "${wanted[@]}" || continue
    cp "$OUT/examples/$short.mjs" "$dir/readme-example.mjs"
    check "$manager-readme-$short" bash -c 'cd "$1" && node readme-example.mjs' _ "$dir"
    # engines promises Node 20.11: the same example under the oldest Node it allows (`node` from the npm registry).
    [ "$manager" = npm ] && check "npm-readme-$short-node-$MIN_NODE" bash -c \
      'cd "$1" && npx --yes --registry https://registry.npmjs.org/ "node@$2" readme-example.mjs' _ "$dir" "$MIN_NODE"
    case $short in bench | harness) check "$manager-bins-$short" run_bins "$dir" "$name" ;; esac
    check "$manager-tree-$short" node "$CHECKS" tree "$ROOT" "$dir" "$OUT/expected.json" "$OUT/closure.txt" "${wanted[@]}"
  done
}

YARN_VERSION=1.22.22
MIN_NODE=20.11.1 # the lowest Node the packages' engines (>=20.11) allow
check "registry-install" install_verdaccio || exit 1
# yarn 1 from the public registry into .ci/tools (the consumer projects know only the local registry).
check "yarn-install" npm install --prefix "$TOOLS/yarn" --no-audit --no-fund --no-save --registry https://registry.npmjs.org/ "yarn@$YARN_VERSION" || exit 1
check "registry-start" start_registry || exit 1
TOKEN=$(create_token) && [ -n "$TOKEN" ] && echo "rehearsal ok: registry-user" || { echo "rehearsal FAILED: registry-user"; exit 1; }
check "seed-dependencies" seed_dependencies || exit 1
check "throwaway-copy" throwaway_copy || exit 1
check "rehearsal-changeset" rehearsal_changeset || exit 1
check "changeset-version" version_packages || exit 1
check "changeset-publish" publish_packages || exit 1
check "readme-examples" node "$CHECKS" examples "$ROOT" "$OUT/examples" || exit 1
for manager in npm pnpm yarn; do consume "$manager"; done
exit $status
