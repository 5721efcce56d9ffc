#!/usr/bin/env bash
# The service tested from outside: builds `voicelog`, makes a virtual environment with the
# clients (the `wyoming` package and schemathesis, from PyPI) unless VOICELOG_VENV names one,
# and runs live_test.py against `voicelog serve` on loopback. Needs curl.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="${VOICELOG_VENV:-.build/service-test-venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q -r Tests/Service/requirements.txt
fi
# VOICELOG_BUILT=1: the binary is built already (CI runs this beside `swift test`, which holds
# SwiftPM's lock on .build for as long as it runs)
if [ -z "${VOICELOG_BUILT:-}" ]; then
    swift build --product voicelog 2>&1 | tail -n 1
fi
"$venv/bin/python" Tests/Service/live_test.py .build/debug/voicelog
