#!/usr/bin/env bash
# Times Home Assistant's hassil intent matcher on the sentences of VoiceLog's parse benchmark
# and, in the same run, VoiceLog's own parser, then prints both medians and their ratio.
#
#   bash Benchmarks/hassil/run.sh [PATH/TO/voicelog-bench]
#
# Without an argument the release binary is looked for at .build/release/voicelog-bench in
# the repository (build it with `swift build -c release --product voicelog-bench`); if there
# is none, only hassil is timed.
#
# Environment:
#   HASSIL_VENV     a virtual environment to create or reuse (default: a temporary one,
#                   removed at exit)
#   PYTHON          the Python that creates it (default: python3)
#   HASSIL_PASSES   timed passes over the 20 sentences (default: 200)
#   HASSIL_WARMUP   untimed passes before them (default: 5)
set -euo pipefail

HASSIL_VERSION=3.12.1

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
python=${PYTHON:-python3}
passes=${HASSIL_PASSES:-200}
warmup=${HASSIL_WARMUP:-5}

fail() {
    echo "run.sh: $*" >&2
    exit 1
}

# Temporary files and directories, removed at exit.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/hassil-bench.XXXXXX")
cleanup() { rm -rf "$scratch"; }
trap cleanup EXIT

if [[ $# -gt 1 ]]; then
    fail "usage: run.sh [PATH/TO/voicelog-bench]"
fi

# The VoiceLog binary: the argument must exist; the default location may not.
bench_binary=""
if [[ $# -eq 1 ]]; then
    [[ -f $1 && -x $1 ]] || fail "$1 is not an executable file (expected a release build of voicelog-bench)"
    bench_binary=$1
elif [[ -x $repo/.build/release/voicelog-bench ]]; then
    bench_binary=$repo/.build/release/voicelog-bench
fi

command -v "$python" >/dev/null 2>&1 || fail "$python not found (set PYTHON to a Python 3.9 or later)"
"$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)' ||
    fail "hassil $HASSIL_VERSION needs Python 3.9 or later; $python is $("$python" -V 2>&1)"

# The virtual environment: the one given, or a temporary one.
if [[ -n ${HASSIL_VENV:-} ]]; then
    venv=$HASSIL_VENV
else
    venv=$scratch/venv
fi
if [[ ! -x $venv/bin/python ]]; then
    echo "== creating a virtual environment in $venv"
    "$python" -m venv "$venv" ||
        fail "could not create a virtual environment with $python (on Debian: apt-get install python3-venv)"
fi

echo "== installing hassil==$HASSIL_VERSION from PyPI"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "hassil==$HASSIL_VERSION" ||
    fail "pip could not install hassil==$HASSIL_VERSION (is PyPI reachable?)"

echo "== hassil"
hassil_output=$scratch/hassil-output.txt
# The sentences must be those of the Swift benchmark, in its order.
swift_source=$repo/Benchmarks/ParseBenchmark.swift
[[ -f $swift_source ]] || fail "$swift_source not found: cannot check that sentences.txt holds its sentences"
status=0
"$venv/bin/python" "$here/bench.py" --passes "$passes" --warmup "$warmup" --swift-source "$swift_source" |
    tee "$hassil_output" || status=$?
[[ $status -eq 0 ]] || fail "the hassil benchmark failed (exit $status): see its checks above"

# Last line: hassil-bench median_us=... mean_us=... per_second=... version=...
hassil_median=$(sed -n 's/^hassil-bench .*median_us=\([0-9.]*\).*/\1/p' "$hassil_output")
hassil_rate=$(sed -n 's/^hassil-bench .*per_second=\([0-9.]*\).*/\1/p' "$hassil_output")
[[ -n $hassil_median && -n $hassil_rate ]] || fail "could not read the median from bench.py's output"

if [[ -z $bench_binary ]]; then
    echo
    echo "No voicelog-bench binary given or found at $repo/.build/release/voicelog-bench:"
    echo "only hassil was timed (median $hassil_median µs/sentence)."
    echo "Build it with 'swift build -c release --product voicelog-bench' and run again for the ratio."
    exit 0
fi

echo
echo "== VoiceLog ($bench_binary parse)"
voicelog_output=$("$bench_binary" parse) || fail "$bench_binary parse failed"
printf '%s\n' "$voicelog_output"

# "  parse and check:      N utterances/s, median X µs/utterance"
parse_line=$(printf '%s\n' "$voicelog_output" | grep 'parse and check:' || true)
voicelog_median=$(printf '%s\n' "$parse_line" | sed -n 's/.*median *\([0-9.]*\).*/\1/p')
voicelog_rate=$(printf '%s\n' "$parse_line" | sed -n 's/.*check: *\([0-9.]*\) utterances\/s.*/\1/p')
[[ -n $voicelog_median && -n $voicelog_rate ]] ||
    fail "could not read the median from voicelog-bench's output (its format may have changed)"

echo
echo "== same run, same 20 sentences, one core"
awk -v hm="$hassil_median" -v vm="$voicelog_median" -v hr="$hassil_rate" -v vr="$voicelog_rate" 'BEGIN {
    printf "  VoiceLog parser: median %9.2f µs/sentence, %10.0f sentences/s\n", vm, vr
    printf "  hassil:          median %9.2f µs/sentence, %10.0f sentences/s\n", hm, hr
    if (vm > 0 && hr > 0) {
        printf "  ratio (hassil / VoiceLog): %.1f times the median time, %.1f times the throughput\n", hm / vm, vr / hr
    }
}'
