#!/usr/bin/env bash
# Start the PostgreSQL and Redis that the scale-out tests use, when they are not running.
set -u
if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  cluster=$(ls /etc/postgresql 2>/dev/null | head -n 1)
  [ -n "$cluster" ] && pg_ctlcluster --skip-systemctl-redirect "$cluster" main start || true
fi
if command -v redis-cli >/dev/null 2>&1 && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi
exit 0
