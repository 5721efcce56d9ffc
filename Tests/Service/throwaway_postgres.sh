#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback for the tests, from Debian's postgresql:
#   eval "$(Tests/Service/throwaway_postgres.sh start [DIR] [PORT])"   # exports VOICELOG_TEST_POSTGRES and VOICELOG_TEST_PGCTL
#   Tests/Service/throwaway_postgres.sh stop [DIR]
# Trust authentication on 127.0.0.1 only; the cluster runs as the user `postgres` when run as root.
set -euo pipefail
action=${1:?start or stop}
dir=${2:-/tmp/voicelog-pg}
port=${3:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_owner=()
if [ "$(id -u)" = 0 ]; then as_owner=(runuser -u postgres --); fi
case "$action" in
start)
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust >/dev/null
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >/dev/null
    "${as_owner[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres voicelog_test
    echo "export VOICELOG_TEST_POSTGRES=postgres://postgres@127.0.0.1:$port/voicelog_test?sslmode=disable"
    echo "export VOICELOG_TEST_PGCTL='${as_owner[*]} $bin/pg_ctl -D $dir/data -l $dir/log -w -o \"-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off\"'"
    ;;
stop)
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true
    ;;
esac
