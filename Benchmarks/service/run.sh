#!/usr/bin/env bash
# Load on `voicelog serve` (release) from wrk on loopback, on this machine's cores:
#   1. baseline: GET /openapi.yaml, a static answer (the HTTP stack alone);
#   2. POST /v1/parse, 32 connections (throughput and latency percentiles);
#   3. 32 connections writing utterances for DURATION seconds (default 30), then every
#      accepted one looked for in the store: found once each, none twice.
# Usage: Benchmarks/service/run.sh [DURATION]      (needs wrk: apt-get install wrk)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${1:-30}
swift build -c release --product voicelog 2>&1 | tail -n 1
bin=.build/release/voicelog
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
db="$work/log.sqlite"
"$bin" batch --db "$db" - < /dev/null
export VOICELOG_TOKEN
VOICELOG_TOKEN=$("$bin" token create bench --db "$db")
"$bin" serve --db "$db" --port 0 --no-speech 2> "$work/serve.log" &
pid=$!
for _ in $(seq 100); do grep -q "serving" "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o "http://[0-9.:]*" "$work/serve.log")

echo "== baseline: GET /openapi.yaml"
wrk -t2 -c32 -d10s --latency "$url/openapi.yaml" | grep -E "Requests/sec|50%|99%|Non-2xx"
echo "== POST /v1/parse"
curl -sf -X POST -H "Authorization: Bearer $VOICELOG_TOKEN" -d '{"text": "bp 135/85 hr 70"}' "$url/v1/parse" | grep -q '"status": "ok"'
wrk -t2 -c32 -d10s --latency -s Benchmarks/service/parse.lua "$url" | grep -E "Requests/sec|50%|99%|Non-2xx"
echo "== POST /v1/utterances, 32 connections, ${duration}s"
wrk -t2 -c32 -d"${duration}s" --latency -s Benchmarks/service/write.lua "$url" | tee "$work/write.txt" | grep -E "Requests/sec|50%|99%|created"
created=$(grep -o "created [0-9]*" "$work/write.txt" | cut -d' ' -f2)
"$bin" export --format jsonl --db "$db" > /dev/null  # the local account's; the bench account's below
curl -sf -H "Authorization: Bearer $VOICELOG_TOKEN" "$url/v1/export?format=jsonl" | tail -n +2 > "$work/stored.jsonl"
stored=$(wc -l < "$work/stored.jsonl")
distinct=$(python3 -c 'import json,sys; print(len({json.loads(l)["utterance"]["text"] for l in open(sys.argv[1])}))' "$work/stored.jsonl")
echo "accepted $created, stored $stored, distinct $distinct"
[ "$created" = "$stored" ] && [ "$stored" = "$distinct" ] || { echo "MISMATCH: an accepted utterance is missing or stored twice"; exit 1; }
