#!/usr/bin/env bash
# The README's first command as a newcomer runs it: a fresh clone in a folder only its owner can
# enter (`mktemp -d` makes it 0700; as root, the postgres user cannot enter it), then
# `npm install && npm start` on the embedded defaults, until the app answers. Fails on a start that
# does not come up, on EBADENGINE warnings from the install, and on a stack trace in the start's output.
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
port=${FIRST_RUN_PORT:-3190}
parent=$(mktemp -d)
[ "$(stat -c %a "$parent")" = 700 ] || { echo "mktemp -d did not make a 0700 folder"; exit 1; }
pid=""
cleanup() {
  # npm start runs in its own process group (setsid): stop the whole group (npm, scripts/start.ts,
  # the server, the embedded PostgreSQL), and kill what is still there after 30 s.
  if [ -n "$pid" ]; then
    kill -TERM -- "-$pid" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  # As root the database lived outside the clone (lib/db/embedded-as-root.ts): remove it too.
  relocated=$(sed -n "s/.*PostgreSQL's data is in \(\/var\/lib\/paylink\/data\/[0-9a-f]*\).*/\1/p" "$parent/app/start.log" 2>/dev/null | head -1)
  [ -n "$relocated" ] && rm -rf "$relocated"
  rm -rf "$parent"
}
trap cleanup EXIT

echo "first run: as $(id -un), in $parent (mode 700)"
git clone -q "$repo" "$parent/app"
cd "$parent/app"
npm install --no-audit --no-fund >"$parent/install.log" 2>&1 || { tail -30 "$parent/install.log"; exit 1; }
if grep -q EBADENGINE "$parent/install.log"; then
  echo "npm install warned EBADENGINE on Node $(node --version):"
  grep -A1 "Unsupported engine" "$parent/install.log" | grep package
  exit 1
fi

started=$(date +%s)
if curl -fsS "http://localhost:$port/api/health" >/dev/null 2>&1; then
  echo "something already answers on port $port: set FIRST_RUN_PORT"
  exit 1
fi
PORT=$port EMBEDDED_PG_PORT=${FIRST_RUN_PG_PORT:-54390} setsid npm start >"$parent/app/start.log" 2>&1 &
pid=$!
until curl -fsS "http://localhost:$port/api/health" >/dev/null 2>&1; do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "npm start exited before the app answered:"
    tail -40 "$parent/app/start.log"
    exit 1
  fi
  if [ $(($(date +%s) - started)) -gt 900 ]; then
    echo "npm start did not answer within 15 minutes"
    tail -40 "$parent/app/start.log"
    exit 1
  fi
  sleep 2
done
echo "first run: the app answered /api/health after $(($(date +%s) - started)) s"
curl -fsS "http://localhost:$port/login" >/dev/null
if grep -nE '^\s+at .+\(.+:[0-9]+:[0-9]+\)' "$parent/app/start.log"; then
  echo "npm start printed a stack trace"
  exit 1
fi
echo "first run: ok"
