#!/usr/bin/env bash
# Installs code-server 4.100.3 (VS Code 1.100.3, the newest that runs on Node 20) into a folder of its own, offline
# of its ripgrep download (see shared/docs/vscode-e2e-notes.md): Debian's `rg` is packed into the cache that
# @vscode/ripgrep looks in before downloading. Usage: install-code-server.sh DIR. Needs `chromium libkrb5-dev
# pkg-config ripgrep` from apt (the CI stage installs them). Idempotent: skips when DIR already has it.
set -euo pipefail
DIR=$1
VERSION=4.100.3
if [ -x "$DIR/node_modules/.bin/code-server" ] && [ -f "$DIR/.installed-$VERSION" ]; then exit 0; fi
mkdir -p "$DIR"
RG=$(command -v rg) || { echo "ripgrep (rg) is not installed: apt-get install ripgrep" >&2; exit 1; }
TMP=${TMPDIR:-/tmp}
CACHE="$TMP/vscode-ripgrep-cache-1.15.11"
mkdir -p "$CACHE"
STAGE=$(mktemp -d)
cp "$RG" "$STAGE/rg"
tar -czf "$CACHE/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$STAGE" rg
rm -rf "$STAGE"
cd "$DIR"
[ -f package.json ] || echo '{ "name": "code-server-host", "private": true }' >package.json
npm_config_unsafe_perm=true npm_config_yes=true npm install --no-audit --no-fund --no-save "code-server@$VERSION" >install.log 2>&1 \
  || { tail -30 install.log >&2; exit 1; }
touch ".installed-$VERSION"
