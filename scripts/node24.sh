#!/usr/bin/env bash
# Runs a command on Node.js 24 LTS (docs/decisions/0056-node-24.md). When the machine's own Node is older, Node 24
# comes from the npm registry as a package (node@NODE24_VERSION, binaries and headers) into .tools/node24 once, and
# goes first on PATH for the command and everything it starts; native modules (better-sqlite3) are rebuilt for it
# when they were built for another Node. `npm start`, `npm test`, the CLI, the benches and .ci/run go through it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WANT=24
VERSION="${NODE24_VERSION:-24.21.0}"
major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(major node)" -lt "$WANT" ]; then
  DIR="$ROOT/.tools/node24"
  BIN="$DIR/node_modules/node/bin"
  if [ ! -x "$BIN/node" ] || [ "$(major "$BIN/node")" != "$WANT" ]; then
    echo "node24: this machine has Node $(node -v 2>/dev/null || echo none); installing node@$VERSION from the npm registry into .tools/node24" >&2
    mkdir -p "$DIR"
    npm install --prefix "$DIR" --no-save --no-package-lock --no-audit --no-fund "node@$VERSION" >&2
  fi
  export PATH="$BIN:$PATH"
  # node-gyp builds against this Node's own headers, shipped in the same package.
  HEADERS="$(ls -d "$DIR"/node_modules/node/node_modules/node-linux-* 2>/dev/null | head -1 || true)"
  [ -n "$HEADERS" ] && export npm_config_nodedir="$HEADERS"
fi

# better-sqlite3 is built for one Node ABI: rebuild it when it was installed by another Node.
if [ -d "$ROOT/node_modules/better-sqlite3" ] &&
  ! (cd "$ROOT" && node -e "new (require('better-sqlite3'))(':memory:').close()") 2>/dev/null; then
  echo "node24: rebuilding better-sqlite3 for Node $(node -v)" >&2
  (cd "$ROOT" && npm rebuild better-sqlite3 --no-audit --no-fund >&2)
fi
exec "$@"
