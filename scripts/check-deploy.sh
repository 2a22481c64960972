#!/usr/bin/env bash
# The production path, as a deploy runs it, on a copy of this tree:
#   npm run build -> npm prune --omit=dev -> npm run serve (NODE_ENV=production)
# then /healthz and /readyz must answer 200, a borrower page must be served (without any session:
# production has no demo data), the demo session must open nothing (401), no session link may be
# printed, and SIGTERM must stop the server cleanly (exit 0). Fails when any step fails; prints the server's output then.
# The copy shares node_modules' files with this tree by hard links (no second download), so the
# prune removes the dev packages from the copy only. Usage: bash scripts/check-deploy.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SRC="$PWD"
WORK="$(mktemp -d /tmp/kopa-deploy.XXXXXX)"
APP="$WORK/app"
LOG="$WORK/serve.log"
PID=""

cleanup() {
  # The server is npm's child: stop both (by their ids) when a step failed with them running.
  if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill -KILL $(pgrep -P "$PID") "$PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "deploy check FAILED: $*" >&2
  if [ -f "$LOG" ]; then echo "--- server output ---" >&2; cat "$LOG" >&2; fi
  exit 1
}

step() { echo "deploy check: $*"; }

step "copy of the tree in $APP (tracked files and node_modules)"
mkdir -p "$APP"
if git -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git -C "$SRC" ls-files -z | (cd "$SRC" && xargs -0 cp --parents -t "$APP")
else
  # Not a git checkout: everything but installed, built and run-time files.
  tar -C "$SRC" --exclude=./node_modules --exclude='./dist*' --exclude=./data --exclude=./artifacts -cf - . | tar -C "$APP" -xf -
fi
cp -al "$SRC/node_modules" "$APP/node_modules"
cd "$APP"

step "npm run build"
npm run -s build

step "npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund >/dev/null
for dev in tsx vite typescript vitest esbuild; do
  [ ! -e "node_modules/$dev" ] || fail "node_modules/$dev is still there after the prune"
done

PORT="$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
BASE="http://127.0.0.1:$PORT"
step "npm run serve on $BASE (NODE_ENV=production, PGlite in the copy)"
# npm passes SIGTERM on to the server (the script execs node) and exits with its status.
NODE_ENV=production PORT="$PORT" npm run -s serve >"$LOG" 2>&1 &
PID=$!

for _ in $(seq 1 120); do
  if curl -fsS "$BASE/healthz" >/dev/null 2>&1; then break; fi
  kill -0 "$PID" 2>/dev/null || fail "the server exited before answering /healthz"
  sleep 0.5
done
health="$(curl -fsS "$BASE/healthz")" || fail "/healthz did not answer 200 within 60 s"
echo "  /healthz -> $health"
ready="$(curl -fsS "$BASE/readyz")" || fail "/readyz did not answer 200: $(curl -sS "$BASE/readyz" || true)"
echo "  /readyz  -> $ready"
grep -q '"layouts":[1-9]' <<<"$ready" || fail "/readyz reports no published layout"
code="$(curl -sS -o "$WORK/page.html" -w '%{http_code}' "$BASE/repay?orderId=O170&productId=P002")"
[ "$code" = 200 ] && grep -q 'id="root"' "$WORK/page.html" || fail "/repay answered $code without the app's page"
echo "  /repay   -> $code, the app's page"
code="$(curl -sS -o "$WORK/demo.json" -w '%{http_code}' "$BASE/vexed/v3/loan-details/loan-details?userId=10001&sessionId=demo-session&orderId=O170")"
[ "$code" = 401 ] || fail "the demo session answered $code in production (expected 401): $(cat "$WORK/demo.json")"
echo "  demo-session -> $code (no demo data in production)"
# A link carries a session value; the request log writes only the query's keys (sessionId=~).
! grep -qE 'sessionId=[^~&"]' "$LOG" || fail "the production start printed session links"

step "SIGTERM"
kill -TERM "$PID"
for _ in $(seq 1 60); do kill -0 "$PID" 2>/dev/null || break; sleep 0.5; done
kill -0 "$PID" 2>/dev/null && fail "the server was still running 30 s after SIGTERM"
status=0; wait "$PID" || status=$?
PID=""
[ "$status" = 0 ] || fail "the server exited with status $status after SIGTERM"
echo "  stopped cleanly (exit 0)"
step "passed"
