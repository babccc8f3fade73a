#!/usr/bin/env bash
# Makes sure the server's fault tests have Debian's PostgreSQL server binaries (initdb, postgres) for the
# database they run, SIGKILL, and fill up (apps/server/src/test/external-pg.ts): nothing to do when they
# are there; installs them through apt-get when missing and run as root; otherwise stops at once, naming
# the command to run. Like ensure-chromium.sh.
set -euo pipefail

bin="${PG_BIN_DIR:-}"
if [ -n "$bin" ]; then
  [ -x "$bin/postgres" ] && [ -x "$bin/initdb" ] && exit 0
  echo "PG_BIN_DIR=$bin holds no postgres and initdb: point it at PostgreSQL's bin folder, or unset it." >&2
  exit 1
fi
for d in /usr/lib/postgresql/*/bin; do
  [ -x "$d/postgres" ] && [ -x "$d/initdb" ] && exit 0
done

install='apt-get update && apt-get install -y postgresql-15 (or postgresql)'
if [ "$(id -u)" -ne 0 ]; then
  echo "The fault tests need PostgreSQL's server at /usr/lib/postgresql/<version>/bin. Install it as root with:" >&2
  echo "  $install" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null; then
  echo "The fault tests need PostgreSQL's server (or PG_BIN_DIR); apt-get is not here to install it." >&2
  exit 1
fi

echo "Installing Debian's PostgreSQL server for the fault tests: $install"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq postgresql-15 >/dev/null 2>&1 || apt-get install -y -qq postgresql >/dev/null
# The package starts a cluster of its own; the tests run their own server, so stop the package's.
if command -v pg_ctlcluster >/dev/null; then
  pg_lsclusters -h 2>/dev/null | while read -r ver name _; do pg_ctlcluster "$ver" "$name" stop || true; done
fi
for d in /usr/lib/postgresql/*/bin; do
  [ -x "$d/postgres" ] && [ -x "$d/initdb" ] && exit 0
done
echo "apt-get installed PostgreSQL, but no /usr/lib/postgresql/<version>/bin/postgres is there." >&2
exit 1
