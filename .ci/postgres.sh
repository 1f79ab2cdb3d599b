#!/usr/bin/env bash
# The PostgreSQL server the store tests use (test/store/engines.ts): 127.0.0.1:5432, user postgres,
# trust authentication over loopback. Machines that start one before the session keep theirs; on a
# fresh machine CI runs as root, so Debian's `postgresql` is installed, loopback is trusted (the
# cluster listens on localhost only) and the cluster started. The tests create and drop a database
# of their own each, so nothing here is specific to a run.
set -euo pipefail

if [ -z "$(ls /etc/postgresql 2>/dev/null)" ] || ! command -v pg_ctlcluster >/dev/null; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
fi
version="$(ls /etc/postgresql | sort -V | tail -n 1)"

# Debian's default asks for a password over TCP; the tests connect as postgres with none.
hba="/etc/postgresql/${version}/main/pg_hba.conf"
if ! grep -Eq '^host[[:space:]]+all[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
  sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$version" main reload 2>/dev/null || true
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
fi
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p 5432 -q && exit 0
  sleep 1
done
echo ".ci/postgres.sh: PostgreSQL ${version} did not become ready on 127.0.0.1:5432." >&2
exit 1
