#!/usr/bin/env bash
# Makes this machine able to run `npm test`: Debian's Chromium for the browser journeys and a running
# local PostgreSQL and Redis for the integration suites. Idempotent; does nothing when all are there.
set -u
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "[ensure-test-deps] installing Debian chromium…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null \
      || { echo "[ensure-test-deps] could not install chromium" >&2; exit 1; }
  else
    echo "[ensure-test-deps] /usr/bin/chromium is missing: install Debian's 'chromium' package (as root)." >&2
    exit 1
  fi
fi
if ! fc-list 2>/dev/null | grep -qi 'noto sans cjk'; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null 2>&1 || true
  fi
fi
if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    echo "[ensure-test-deps] starting the local PostgreSQL…"
    for v in $(ls /etc/postgresql); do pg_ctlcluster --skip-systemctl-redirect "$v" main start || true; done
    for _ in $(seq 1 20); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.5; done
  fi
fi
if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then
  psql -h 127.0.0.1 -U postgres -tAc "select 1 from pg_database where datname='test'" | grep -q 1 \
    || psql -h 127.0.0.1 -U postgres -c 'create database test' >/dev/null
fi
# Redis: the shared rate limits (REDIS_URL) are tested against a local one.
if ! (command -v redis-cli >/dev/null && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1); then
  if ! command -v redis-server >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "[ensure-test-deps] installing Debian redis-server…"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null 2>&1 \
      || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; } \
      || echo "[ensure-test-deps] could not install redis-server" >&2
  fi
  if command -v redis-server >/dev/null; then
    echo "[ensure-test-deps] starting a local Redis…"
    redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no >/dev/null
    for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.25; done
  fi
fi
exit 0
