#!/usr/bin/env bash
# Fuzzes the text parser with libFuzzer and AddressSanitizer for a bounded time.
#
#   Tests/Fuzz/run.sh [SECONDS]     (default 60; extra arguments go to libFuzzer)
#
# Builds VoiceLogCore's sources and FuzzParser.swift with swiftc -sanitize=fuzzer,address,
# seeds the run with the texts of the corpora, and exits non-zero on a crash, a broken
# result contract, a hang (5 s) or a parse over 10 ms of CPU (FUZZ_SLOW_MS). Inputs that found new
# paths are kept in .build/fuzz/corpus; a failing input is written to .build/fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
shift || true
work=.build/fuzz
mkdir -p "$work/corpus" "$work/seeds" "$work/findings"

echo "fuzz: building the parser target" >&2
# VoiceLogCore imports VoiceLogJSGF: that module first, as a static library beside it.
mkdir -p "$work/modules"
swiftc -swift-version 6 -parse-as-library -module-name VoiceLogJSGF -O -g -sanitize=address \
    -emit-module -emit-module-path "$work/modules/VoiceLogJSGF.swiftmodule" \
    -emit-library -static -o "$work/libVoiceLogJSGF.a" Sources/VoiceLogJSGF/*.swift
find Sources/VoiceLogCore -name '*.swift' -print0 | xargs -0 \
    swiftc -swift-version 6 -parse-as-library -module-name VoiceLogFuzz -O -g \
        -emit-executable -emit-module-path "$work/modules/VoiceLogFuzz.swiftmodule" -I "$work/modules" -L "$work" -lVoiceLogJSGF \
        -sanitize=fuzzer,address Tests/Fuzz/FuzzParser.swift -o "$work/fuzz-parser" \
    2> >(grep -v "Cannot export local symbol '__asan" >&2)

# One seed file per utterance of the corpora.
python3 - "$work/seeds" Tests/VoiceLogCoreTests/Corpus/utterances.jsonl ../shared/eval/examples.jsonl <<'PY'
import json, os, sys
folder, corpora = sys.argv[1], sys.argv[2:]
for corpus in corpora:
    if not os.path.exists(corpus):
        continue
    for number, line in enumerate(open(corpus, encoding="utf-8")):
        if line.strip():
            name = f"{os.path.basename(corpus)}-{number}"
            with open(os.path.join(folder, name), "w", encoding="utf-8") as seed:
                seed.write(json.loads(line)["text"])
PY

export VOICELOG_GRAMMARS="$PWD/Grammars"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export SWIFT_BACKTRACE=enable=no  # libFuzzer reports the crash and keeps the input
"$work/fuzz-parser" "$work/corpus" "$work/seeds" \
    -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=4200 \
    -artifact_prefix="$work/findings/" -print_final_stats=1 "$@"
