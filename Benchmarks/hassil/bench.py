#!/usr/bin/env python3
"""Times hassil's `recognize` on the sentences of VoiceLog's parse benchmark.

Loads voicelog.yaml (intent templates that accept what VoiceLog's grammar accepts for each
kind), checks what every sentence of sentences.txt gives, then times `recognize` on them,
pass after pass, one call at a time, as Benchmarks/ParseBenchmark.swift times the parser.

    python3 bench.py [--passes 200] [--warmup 5] [--templates F] [--sentences F]
                     [--swift-source Benchmarks/ParseBenchmark.swift]

The last line of the output is for scripts: `hassil-bench median_us=... mean_us=...
per_second=... version=...`. Exits 1 if a check fails, 2 if the files are wrong.
"""

from __future__ import annotations

import argparse
import math
import platform
import re
import statistics
import sys
import time
from importlib.metadata import version
from pathlib import Path

from hassil import Intents, recognize

HERE = Path(__file__).resolve().parent

# What each sentence must give: ("ok", intent, slots, metadata) for the sentences VoiceLog
# parses to `ok`; ("record", reason) for those it parses but refuses (hassil has no rules
# for that: whatever it gives is printed); ("none",) for what must match no intent.
# `slots` is every entity hassil must return, and nothing else; `metadata` is checked on the
# entities it names.
EXPECTED: dict[str, tuple] = {
    "glucose six point two after dinner": (
        "ok", "LogGlucose", {"value": 6.2, "tag": "after dinner"}, {}),
    "blood sugar 5.1 fasting": (
        "ok", "LogGlucose", {"value": 5.1, "tag": "fasting"}, {}),
    "fed 120 ml formula": (
        "ok", "LogFeeding", {"volume_ml": 120, "method": "formula"}, {}),
    "breastfed 12 minutes left side": (
        "ok", "LogFeeding", {"method": "breastfeeding", "duration_min": 12, "side": "left"}, {}),
    "blood pressure one twenty over eighty": (
        "ok", "LogBloodPressure", {"systolic": 120, "diastolic": 80}, {}),
    "bp 142/91 pulse 70": (
        "ok", "LogBloodPressure", {"systolic": 142, "diastolic": 91, "pulse": 70}, {}),
    "took 1000 mg paracetamol at 6 pm yesterday": (
        "ok", "LogMedication",
        {"amount": 1000, "unit": "mg", "name": "paracetamol",
         "time_hour": 6, "time_meridiem": "pm", "time_day": -1}, {}),
    "severe headache this morning": (
        "ok", "LogSymptom", {"severity": "severe", "name": "headache", "time_period": "morning"}, {}),
    # VoiceLog gives 250 ml; hassil gives one glass of 250 ml, multiplied by the app.
    "drank a glass of water": (
        "ok", "LogFluid", {"count": 1, "container_ml": 250, "drink": "water"}, {}),
    "walked forty five minutes": (
        "ok", "LogActivity", {"name": "walking", "duration_min": 45},
        {"name": {"intensity": "moderate"}}),
    "weight 81 kg": (
        "ok", "LogWeight", {"value": 81, "unit": "kg"}, {}),
    "temperature thirty eight point two": (
        "ok", "LogTemperature", {"value": 38.2}, {}),
    "oxygen level 96 percent": (
        "ok", "LogOxygen", {"percent": 96}, {}),
    "mood happy": (
        "ok", "LogMood", {"mood": "happy"}, {}),
    "had scrambled eggs for breakfast": (
        "ok", "LogFood", {"food": "scrambled eggs", "meal": "breakfast"}, {}),
    "note felt dizzy after the bus ride": (
        "ok", "LogNote", {"text": "felt dizzy after the bus ride"}, {}),
    # Two entries in VoiceLog; one intent made for the pair here.
    "glucose 7.2 and took 4 units of insulin": (
        "ok", "LogGlucoseAndMedication",
        {"value": 7.2, "amount": 4, "unit": "unit", "name": "insulin"}, {}),
    "glucose 50 mmol/L": ("record", "VoiceLog: infeasible (above the highest meter reading)"),
    "blood pressure 120": ("record", "VoiceLog: incomplete (no diastolic)"),
    "turn on the lights": ("none",),
}


def same_value(got, want) -> bool:
    """Numbers compare as numbers (hassil gives 120.0 for digits, 120 for words)."""
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        return isinstance(got, (int, float)) and math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-9)
    return got == want


def describe(result) -> str:
    if result is None:
        return "no match"
    slots = ", ".join(f"{e.name}={e.value!r}" for e in result.entities_list)
    return f"{result.intent.name} {{{slots}}}"


def check(sentence: str, result) -> list[str]:
    """The problems with `result` for `sentence`; empty if it is what it must be."""
    expected = EXPECTED[sentence]
    if expected[0] == "none":
        return [] if result is None else [f"must match nothing, matched {describe(result)}"]
    if expected[0] == "record":
        return []
    _, intent, slots, metadata = expected
    if result is None:
        return [f"must match {intent}, matched nothing"]
    problems = []
    if result.intent.name != intent:
        problems.append(f"must match {intent}, matched {result.intent.name}")
    names = [e.name for e in result.entities_list]
    if len(names) != len(set(names)):
        problems.append(f"a slot was filled twice: {names}")
    got = {name: entity.value for name, entity in result.entities.items()}
    for name, want in slots.items():
        if name not in got:
            problems.append(f"slot {name} missing (want {want!r})")
        elif not same_value(got[name], want):
            problems.append(f"slot {name} is {got[name]!r}, want {want!r}")
    for name in sorted(set(got) - set(slots)):
        problems.append(f"unexpected slot {name}={got[name]!r}")
    for name, want in metadata.items():
        entity = result.entities.get(name)
        have = (entity.metadata or {}) if entity is not None else {}
        for key, value in want.items():
            if have.get(key) != value:
                problems.append(f"slot {name} metadata {key} is {have.get(key)!r}, want {value!r}")
    return problems


def swift_sentences(path: Path) -> list[str]:
    """The sentences of `static let sentences` in ParseBenchmark.swift, in order."""
    source = path.read_text(encoding="utf-8")
    start = source.find("static let sentences")
    end = source.find("]\n", start)
    if start < 0 or end < 0:
        return []
    return re.findall(r'\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*\.\w+\s*\)', source[start:end])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--templates", type=Path, default=HERE / "voicelog.yaml")
    parser.add_argument("--sentences", type=Path, default=HERE / "sentences.txt")
    parser.add_argument("--passes", type=int, default=200, help="timed passes over all sentences")
    parser.add_argument("--warmup", type=int, default=5, help="untimed passes first")
    parser.add_argument("--swift-source", type=Path,
                        help="ParseBenchmark.swift: fail unless its sentences are those of --sentences")
    args = parser.parse_args()
    if args.passes < 1 or args.warmup < 0:
        parser.error("--passes must be at least 1 and --warmup at least 0")

    sentences = [line.strip() for line in args.sentences.read_text(encoding="utf-8").splitlines()]
    sentences = [s for s in sentences if s]
    if args.swift_source is not None:
        theirs = swift_sentences(args.swift_source)
        if theirs != sentences:
            print(f"error: {args.sentences} is not the sentence list of {args.swift_source}:", file=sys.stderr)
            for s in theirs:
                if s not in sentences:
                    print(f"  only in the Swift benchmark: {s!r}", file=sys.stderr)
            for s in sentences:
                if s not in theirs:
                    print(f"  only in {args.sentences.name}: {s!r}", file=sys.stderr)
            if set(theirs) == set(sentences):
                print("  (the same sentences in another order or count)", file=sys.stderr)
            return 2
    unknown = [s for s in sentences if s not in EXPECTED]
    missing = [s for s in EXPECTED if s not in sentences]
    if unknown or missing or len(sentences) != len(EXPECTED):
        for s in unknown:
            print(f"error: no expectation for sentence {s!r}", file=sys.stderr)
        for s in missing:
            print(f"error: sentence {s!r} is not in {args.sentences}", file=sys.stderr)
        if not (unknown or missing):
            print(f"error: {args.sentences} repeats a sentence", file=sys.stderr)
        return 2

    load_start = time.perf_counter()
    intents = Intents.from_files([args.templates])
    load_seconds = time.perf_counter() - load_start
    hassil_version = version("hassil")

    print(f"hassil {hassil_version}, Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.machine()}")
    print(f"templates: {args.templates.name}: {len(intents.intents)} intents, "
          f"{sum(len(d.sentence_texts) for i in intents.intents.values() for d in i.data)} sentence templates, "
          f"{len(intents.slot_lists)} lists, {len(intents.expansion_rules)} rules (loaded in {load_seconds * 1e3:.0f} ms)")

    # Checks. The first call of a sentence also builds hassil's caches (number words of the
    # ranges it reaches, parsed templates): that time is shown, and left out of the timing.
    print(f"\nchecks ({len(sentences)} sentences):")
    failures = 0
    first_call_seconds = 0.0
    for sentence in sentences:
        start = time.perf_counter()
        result = recognize(sentence, intents)
        first_call_seconds += time.perf_counter() - start
        problems = check(sentence, result)
        kind = EXPECTED[sentence][0]
        if problems:
            failures += 1
            label = "FAIL"
        else:
            label = {"ok": "ok", "none": "ok", "record": "note"}[kind]
        print(f"  {label:<4}  {sentence!r} -> {describe(result)}")
        if kind == "record":
            print(f"        ({EXPECTED[sentence][1]}; hassil has no feasibility or completeness rules)")
        for problem in problems:
            print(f"        {problem}")
    print(f"  first calls (building caches): {first_call_seconds * 1e3:.0f} ms in all")
    if failures:
        print(f"\n{failures} sentence(s) failed their check: not timing.", file=sys.stderr)
        return 1

    # Warm-up, then the timed passes: every call timed on its own, like ParseBenchmark.
    intent_of = {s: (EXPECTED[s][1] if EXPECTED[s][0] == "ok" else None) for s in sentences}
    for _ in range(args.warmup):
        for sentence in sentences:
            recognize(sentence, intents)

    clock = time.perf_counter_ns
    times_ns: list[int] = []
    by_sentence: dict[str, list[int]] = {s: [] for s in sentences}
    wrong = 0
    total_start = clock()
    for _ in range(args.passes):
        for sentence in sentences:
            start = clock()
            result = recognize(sentence, intents)
            elapsed = clock() - start
            times_ns.append(elapsed)
            by_sentence[sentence].append(elapsed)
            if intent_of[sentence] is not None and (result is None or result.intent.name != intent_of[sentence]):
                wrong += 1
    total_seconds = (clock() - total_start) / 1e9
    if wrong:
        print(f"{wrong} timed calls gave the wrong intent", file=sys.stderr)
        return 1

    count = len(times_ns)
    median_us = statistics.median(times_ns) / 1e3
    mean_us = statistics.fmean(times_ns) / 1e3
    per_second = count / total_seconds

    print(f"\nper sentence (median of {args.passes} calls):")
    for sentence in sentences:
        print(f"  {statistics.median(by_sentence[sentence]) / 1e3:9.1f} µs  {sentence}")

    print(f"\nhassil benchmark: {count} calls of recognize() on {len(sentences)} sentences "
          f"({args.passes} passes after {args.warmup} warm-up passes), one core")
    print(f"  median {median_us:9.1f} µs/sentence")
    print(f"  mean   {mean_us:9.1f} µs/sentence")
    print(f"  {per_second:9.0f} sentences/s")
    print(f"hassil-bench median_us={median_us:.2f} mean_us={mean_us:.2f} "
          f"per_second={per_second:.1f} version={hassil_version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
