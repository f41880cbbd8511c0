#!/usr/bin/env bash
# What `npm test` needs beyond Node, set up on a Debian machine of this project's kind when it is
# missing (each step does nothing when it is there already), so that the README's test command,
# CI (.ci/run) and a newcomer run the same thing:
# - Debian's Chromium for the browser tests (Playwright cannot download its own browsers here);
# - Debian's Prometheus, whose server scrapes the app and whose promtool checks the rules;
# - the PostgreSQL server on 127.0.0.1:5432 running, sending WAL and accepting replication
#   connections from 127.0.0.1 (the read-replica tests stream a replica of it).
# Installing needs root (apt-get); without it, each missing piece is named and the script fails.
set -euo pipefail

missing=()
need_root() {
  if [ "$(id -u)" -ne 0 ]; then
    missing+=("$1")
    return 1
  fi
}
apt_updated=
apt_install() {
  [ -n "$apt_updated" ] || { apt-get update -qq && apt_updated=1; }
  apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x /usr/bin/chromium ]; then
  need_root "Chromium: apt-get install -y chromium" && apt_install chromium
fi
if [ ! -x /usr/bin/prometheus ] || [ ! -x /usr/bin/promtool ]; then
  need_root "Prometheus: apt-get install -y prometheus" && apt_install prometheus
fi

# A server named by TEST_DATABASE_URL elsewhere is the caller's to prepare.
if [ -z "${TEST_DATABASE_URL:-}" ] || [[ "$TEST_DATABASE_URL" == *"@127.0.0.1:5432/"* ]]; then
  cluster() { ls /etc/postgresql 2>/dev/null | head -1; }
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    if [ -z "$(cluster)" ]; then
      need_root "PostgreSQL: apt-get install -y postgresql" && apt_install postgresql
    fi
    if [ -n "$(cluster)" ]; then
      need_root "PostgreSQL started: pg_ctlcluster $(cluster) main start" &&
        pg_ctlcluster --skip-systemctl-redirect "$(cluster)" main start
    fi
  fi
  if pg_isready -q -h 127.0.0.1 -p 5432; then
    pg_setting() { psql -h 127.0.0.1 -U postgres -Atc "SHOW $1"; }
    # Debian's defaults already have wal_level=replica and max_wal_senders=10.
    if [ "$(pg_setting wal_level)" = minimal ] || [ "$(pg_setting max_wal_senders)" = 0 ]; then
      psql -h 127.0.0.1 -U postgres -qc "ALTER SYSTEM SET wal_level = replica" -c "ALTER SYSTEM SET max_wal_senders = 10"
      need_root "PostgreSQL restarted after ALTER SYSTEM" &&
        pg_ctlcluster --skip-systemctl-redirect "$(cluster)" main restart
    fi
    # Its pg_hba.conf has no replication line for TCP.
    hba=$(pg_setting hba_file)
    if ! grep -qE '^[[:space:]]*host[[:space:]]+replication[[:space:]]+(postgres|all)[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba" 2>/dev/null; then
      if [ -w "$hba" ]; then
        echo "host replication postgres 127.0.0.1/32 trust" >>"$hba"
        psql -h 127.0.0.1 -U postgres -qAtc "SELECT pg_reload_conf()" >/dev/null
      else
        missing+=("a line 'host replication postgres 127.0.0.1/32 trust' in $hba")
      fi
    fi
  fi
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "npm test needs, and could not set up without root:" >&2
  printf '  - %s\n' "${missing[@]}" >&2
  exit 1
fi
