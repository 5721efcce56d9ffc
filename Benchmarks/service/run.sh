#!/usr/bin/env bash
# Load on `voicelog serve` (release) from wrk on loopback, on this machine's cores:
#   1. baseline: GET /openapi.yaml, a static answer (the HTTP stack alone);
#   2. POST /v1/parse, 32 connections (throughput and latency percentiles);
#   3. 32 connections writing utterances for DURATION seconds (default 30) into an SQLite
#      file, then every accepted one looked for in the store: found once each, none twice;
#      with the raw baseline of SQLite commits in the same run;
#   4. the same into PostgreSQL when VOICELOG_BENCH_POSTGRES names a database (a URL), with
#      pgbench's raw commits (32 clients) as its baseline.
# Usage: [VOICELOG_BENCH_POSTGRES=postgres://...] Benchmarks/service/run.sh [DURATION]
# Needs wrk (apt-get install wrk), and pgbench (postgresql-contrib's client) for step 4.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${1:-30}
swift build -c release --product voicelog 2>&1 | tail -n 1
bin=.build/release/voicelog
work=$(mktemp -d)
pid=
trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT
export VOICELOG_TOKEN

# Starts a server on DB; sets url and VOICELOG_TOKEN.
serve() {
    local db=$1
    kill $pid 2>/dev/null || true
    VOICELOG_TOKEN=$("$bin" token create "bench-$RANDOM$RANDOM" --db "$db")
    : > "$work/serve.log"
    "$bin" serve --db "$db" --port 0 --no-speech 2> "$work/serve.log" &
    pid=$!
    for _ in $(seq 100); do grep -q "serving" "$work/serve.log" && break; sleep 0.1; done
    url=$(grep -o "http://[0-9.:]*" "$work/serve.log")
}

# Writes for $duration seconds, then checks that every utterance is stored once at most and
# every accepted one is there: the store may hold up to 32 more than wrk counted, the requests
# under way when wrk stopped listening.
writes() {
    echo "== POST /v1/utterances into $1, 32 connections, ${duration}s"
    wrk -t2 -c32 -d"${duration}s" --latency -s Benchmarks/service/write.lua "$url" | tee "$work/write.txt" | grep -E "Requests/sec|50%|99%|created"
    local created stored distinct
    created=$(grep -o "created [0-9]*" "$work/write.txt" | cut -d' ' -f2)
    curl -sf -H "Authorization: Bearer $VOICELOG_TOKEN" "$url/v1/export?format=jsonl" | tail -n +2 > "$work/stored.jsonl"
    stored=$(wc -l < "$work/stored.jsonl")
    distinct=$(python3 -c 'import json,sys; print(len({json.loads(l)["utterance"]["text"] for l in open(sys.argv[1])}))' "$work/stored.jsonl")
    echo "accepted $created, stored $stored, distinct $distinct"
    [ "$stored" = "$distinct" ] && [ "$stored" -ge "$created" ] && [ "$stored" -le $((created + 32)) ] \
        || { echo "MISMATCH: an accepted utterance is missing or one is stored twice"; exit 1; }
}

serve "$work/log.sqlite"
echo "== baseline: GET /openapi.yaml"
wrk -t2 -c32 -d10s --latency "$url/openapi.yaml" | grep -E "Requests/sec|50%|99%|Non-2xx"
echo "== POST /v1/parse"
curl -sf -X POST -H "Authorization: Bearer $VOICELOG_TOKEN" -d '{"text": "bp 135/85 hr 70"}' "$url/v1/parse" | grep -q '"status": "ok"'
wrk -t2 -c32 -d10s --latency -s Benchmarks/service/parse.lua "$url" | grep -E "Requests/sec|50%|99%|Non-2xx"
echo "== raw baseline: SQLite, one writer"
python3 Benchmarks/service/raw_sqlite.py 10
writes "SQLite"

if [ -n "${VOICELOG_BENCH_POSTGRES:-}" ]; then
    echo "== raw baseline: PostgreSQL, pgbench, 32 clients"
    pg=${VOICELOG_BENCH_POSTGRES%%\?*}
    psql -q "$pg" -c "DROP TABLE IF EXISTS voicelog_bench_raw; CREATE TABLE voicelog_bench_raw (id BIGSERIAL PRIMARY KEY, text TEXT, fields TEXT)"
    pgbench -n -c 32 -j 2 -T 10 -f Benchmarks/service/raw_postgres.sql "$pg" 2>/dev/null | grep -E "^tps|latency average"
    psql -q "$pg" -c "DROP TABLE voicelog_bench_raw"
    serve "$VOICELOG_BENCH_POSTGRES"
    writes "PostgreSQL"
fi
