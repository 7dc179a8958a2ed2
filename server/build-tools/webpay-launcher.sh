#!/bin/sh
# WebPay's launcher, at the top of an unpacked release:
#   ./webpay serve                 starts the service
#   ./webpay <command> [options]   runs a billing office command (./webpay --help)
# It needs only Node.js 22.12 or later as `node` on PATH, or named by WEBPAY_NODE.
# The configuration comes from the environment (docs/deploy.md); NODE_ENV is
# production unless set, so an unpacked release fails closed.
set -eu

# The real folder, symlinks resolved: a running instance keeps reading its
# own release after /opt/webpay/current is pointed at a newer one.
WEBPAY_ROOT="$(cd "$(dirname "$0")" && pwd -P)"
export WEBPAY_ROOT
NODE_ENV="${NODE_ENV:-production}"
export NODE_ENV
node="${WEBPAY_NODE:-node}"

if ! "$node" -e 'const [major, minor] = process.versions.node.split(".").map(Number);
process.exit(major > 22 || (major === 22 && minor >= 12) ? 0 : 1)' 2>/dev/null; then
  echo "webpay: needs Node.js 22.12 or later (24 LTS recommended); \"$node\" is $("$node" --version 2>/dev/null || echo 'not found')" >&2
  exit 1
fi

if [ "${1:-}" = serve ]; then
  shift
  # exec: the service itself gets systemd's SIGTERM and stops gracefully.
  exec "$node" "$WEBPAY_ROOT/server/dist/main.js" "$@"
fi
exec "$node" "$WEBPAY_ROOT/server/dist/webpay.js" "$@"
