#!/usr/bin/env python3
"""Speech accuracy per listening condition: clean, pink noise at 15 and 8 dB SNR, reverberation,
telephone band and 1.3 times the tempo (docs/speech.md).

Each sentence of a set is spoken by a synthesizer, made into each condition with sox, and
decoded by `voicelog transcribe --format jsonl`; the words heard and the entries the parser gives
for them are compared with the sentence said. Prints, per condition, the word error rate, the
clips whose entries are right, and the confident wrong ones: a reading parsed `ok` whose entries
differ, with confidence 0.5 or more (what `dictate` would store).

Sets: `heldout` (AudioFixtures/heldout.txt in flite's awb and kal16, never tuned on), `tuning`
(the `voicelog adapt --prompts` sentences in flite's slt and rms), `espeak` (heldout.txt in the
four espeak-ng voices of the held-out test), `espeak-tuning` (the adapt prompts in the four
espeak-ng voices of AudioFixtures/), `festival` (heldout.txt in festival's kal and ked
diphone voices and its slt HTS voice, two a sentence: a synthesizer the project never tuned on),
`food` (AudioFixtures/food.txt and food_unlisted.txt, foods the grammar lists and foods it
lacks, in the four flite voices).

    python3 Benchmarks/speech/conditions.py --voicelog .build/release/voicelog --set heldout \
        [--conditions clean,noise15] [-- --noise-suppression ...]

Needs flite, espeak-ng, sox, and for `festival` festival with festvox-kallpc16k,
festvox-kdlpc16k and festvox-us-slt-hts. Only the standard library.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOW = "2026-11-21T10:00:00"
CONDITIONS = ["clean", "noise15", "noise8", "reverb", "telephone", "tempo"]
FESTIVAL_VOICES = ["kal_diphone", "ked_diphone", "cmu_us_slt_arctic_hts"]
ESPEAK_VOICES = [("en-us+m1", 150), ("en-us+f2", 165), ("en-gb+m4", 170), ("en-us+m7", 185)]
# The voices of AudioFixtures/make_fixtures.sh, which tuning may listen to.
ESPEAK_TUNING_VOICES = [("en-us", 160), ("en-us+f3", 175), ("en-gb-x-rp+m3", 145), ("en-us+f4", 200)]


def sentences(path):
    with open(path, encoding="utf-8") as handle:
        return [line.strip() for line in handle if line.strip() and not line.startswith("#")]


def run(*arguments, **kwargs):
    return subprocess.run(arguments, check=True, capture_output=True, text=True, **kwargs).stdout


def clips_of(name, voicelog):
    """(sentence, voice, speak) for each clip of a set; speak(path) writes its 16 kHz WAV."""
    def flite(sentence, voice):
        def speak(path):
            run("flite", "-voice", voice, "-t", sentence, "-o", path + ".raw.wav")
            run("sox", "-R", path + ".raw.wav", "-r", "16000", "-c", "1", "-b", "16", path)
        return speak

    def festival(sentence, voice):
        def speak(path):
            run("text2wave", "-eval", f"(voice_{voice})", "-o", path + ".raw.wav", input=sentence)
            run("sox", "-R", path + ".raw.wav", "-r", "16000", "-c", "1", "-b", "16", path)
        return speak

    def espeak(sentence, voice, speed):
        def speak(path):
            run("espeak-ng", "-v", voice, "-s", str(speed), "-w", path + ".raw.wav", sentence)
            run("sox", "-R", path + ".raw.wav", "-r", "16000", "-c", "1", "-b", "16", path)
        return speak

    if name == "heldout":
        said = sentences(os.path.join(ROOT, "AudioFixtures", "heldout.txt"))
        return [(s, v, flite(s, v)) for s in said for v in ("awb", "kal16")]
    if name == "festival":
        said = sentences(os.path.join(ROOT, "AudioFixtures", "heldout.txt"))
        return [(s, v, festival(s, v)) for i, s in enumerate(said)
                for v in (FESTIVAL_VOICES[i % 3], FESTIVAL_VOICES[(i + 1) % 3])]
    if name == "food":
        said = sentences(os.path.join(ROOT, "AudioFixtures", "food.txt"))
        said += sentences(os.path.join(ROOT, "AudioFixtures", "food_unlisted.txt"))
        return [(s, v, flite(s, v)) for s in said for v in ("slt", "rms", "awb", "kal16")]
    if name == "tuning":
        said = run(voicelog, "adapt", "--prompts").splitlines()
        return [(s, v, flite(s, v)) for s in said if s for v in ("slt", "rms")]
    if name in ("espeak", "espeak-tuning"):
        if name == "espeak":
            said, voices = sentences(os.path.join(ROOT, "AudioFixtures", "heldout.txt")), ESPEAK_VOICES
        else:
            said, voices = [s for s in run(voicelog, "adapt", "--prompts").splitlines() if s], ESPEAK_TUNING_VOICES
        clips = []
        for index, sentence in enumerate(said):
            for voice, speed in (voices[index % 4], voices[(index + 1) % 4]):
                clips.append((sentence, voice, espeak(sentence, voice, speed)))
        return clips
    raise SystemExit(f"unknown set {name}")


def rms(path):
    out = subprocess.run(["sox", path, "-n", "stat"], capture_output=True, text=True, check=True).stderr
    for line in out.splitlines():
        if line.startswith("RMS     amplitude:"):
            return float(line.split(":")[1])
    raise RuntimeError(f"no RMS for {path}")


def make_condition(clean, condition, path):
    """Writes `clean` (16 kHz mono, padded) in a listening condition to `path`."""
    if condition == "clean":
        run("cp", clean, path)
    elif condition.startswith("noise"):
        snr = float(condition[len("noise"):])
        length = run("soxi", "-D", clean).strip()
        noise = path + ".noise.wav"
        run("sox", "-R", "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", length, "pinknoise")
        gain = rms(clean) / rms(noise) * 10 ** (-snr / 20)
        run("sox", "-R", "-m", clean, "-v", f"{gain:.6f}", noise, path)
    elif condition == "reverb":
        run("sox", "-R", clean, path, "reverb", "50", "50", "60", "channels", "1")
    elif condition == "telephone":
        narrow = path + ".8k.wav"
        run("sox", "-R", clean, "-r", "8000", narrow, "sinc", "300-3400")
        run("sox", "-R", narrow, "-r", "16000", path)
    elif condition == "tempo":
        run("sox", "-R", clean, path, "tempo", "1.3")
    else:
        raise SystemExit(f"unknown condition {condition}")


def word_errors(reference, hypothesis):
    """Word-level edit distance."""
    ref, hyp = reference.split(), hypothesis.split()
    previous = list(range(len(hyp) + 1))
    for i, word in enumerate(ref, 1):
        current = [i] + [0] * len(hyp)
        for j, heard in enumerate(hyp, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (word != heard))
        previous = current
    return previous[-1]


def parse(voicelog, texts):
    """The parser's status and entries (without the input) for each text."""
    out = run(voicelog, "batch", "--dry-run", "--format", "jsonl", "--now", NOW, "-",
              input="\n".join(texts) + "\n")
    results = [json.loads(line) for line in out.splitlines() if line.strip()]
    return [(r["status"], json.dumps(r["entries"], sort_keys=True)) for r in results]


def transcribe(voicelog, files, extra, jobs):
    """Transcripts by file, decoded in `jobs` processes side by side."""
    chunks = [files[i::jobs] for i in range(jobs)]

    def one(chunk):
        if not chunk:
            return ""
        return run(voicelog, "transcribe", "--no-adaptation", "--format", "jsonl", "--now", NOW, *extra, *chunk)

    with ThreadPoolExecutor(jobs) as pool:
        outputs = list(pool.map(one, chunks))
    return {r["file"]: r for out in outputs for r in map(json.loads, filter(str.strip, out.splitlines()))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voicelog", default=os.path.join(ROOT, ".build", "release", "voicelog"))
    parser.add_argument("--set", default="heldout", choices=["heldout", "tuning", "espeak", "espeak-tuning", "festival", "food"])
    parser.add_argument("--conditions", default=",".join(CONDITIONS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--details", action="store_true", help="print each clip heard wrong")
    parser.add_argument("--clips", help="write each clip's result to this JSON lines file")
    parser.add_argument("extra", nargs="*", help="arguments for transcribe, after --")
    options = parser.parse_args()
    conditions = options.conditions.split(",")

    with tempfile.TemporaryDirectory(prefix="voicelog-conditions-") as work:
        clips = clips_of(options.set, options.voicelog)
        files = {}
        for index, (sentence, voice, speak) in enumerate(clips):
            spoken = os.path.join(work, f"{index}-{voice}.spoken.wav")
            speak(spoken)
            clean = os.path.join(work, f"{index}-{voice}-clean.wav")
            run("sox", "-R", spoken, clean, "pad", "0.3", "0.3")
            for condition in conditions:
                path = os.path.join(work, f"{index}-{voice}-{condition}.wav")
                if condition != "clean":
                    make_condition(clean, condition, path)
                files[(index, condition)] = path
        heard = transcribe(options.voicelog, list(files.values()), options.extra, options.jobs)
        expected = parse(options.voicelog, [sentence for sentence, _, _ in clips])

        print(f"{options.set}: {len(clips)} clips a condition; transcribe {' '.join(options.extra) or '(defaults)'}")
        print("| condition | WER | right entries | confident wrong |")
        print("| --- | --- | --- | --- |")
        totals = {}
        dump = open(options.clips, "w", encoding="utf-8") if options.clips else None
        for condition in conditions:
            results = [heard[files[(index, condition)]] for index in range(len(clips))]
            got = parse(options.voicelog, [r["text"] for r in results])
            errors = sum(word_errors(s, r["text"]) for (s, _, _), r in zip(clips, results))
            words = sum(len(s.split()) for s, _, _ in clips)
            right = sum(g == e for g, e in zip(got, expected))
            confident_wrong = sum(g != e and g[0] == "ok" and (r.get("confidence") or 0) >= 0.5
                                  for g, e, r in zip(got, expected, results))
            totals[condition] = right
            print(f"| {condition} | {100 * errors / words:.1f} % | {right}/{len(clips)} | {confident_wrong} |")
            if dump:
                for (sentence, voice, _), g, e, r in zip(clips, got, expected, results):
                    dump.write(json.dumps({"condition": condition, "voice": voice, "said": sentence, "heard": r["text"],
                                           "confidence": r.get("confidence"), "status": g[0], "right": g == e}) + "\n")
            if options.details:
                for (sentence, voice, _), g, e, r in zip(clips, got, expected, results):
                    if g != e:
                        print(f"    {condition} {voice}: said '{sentence}', heard '{r['text']}' ({r.get('confidence')})")
        hard = [c for c in conditions if c != "clean"]
        if hard:
            right = sum(totals[c] for c in hard)
            print(f"hard conditions together: {right}/{len(hard) * len(clips)} "
                  f"({100 * right / (len(hard) * len(clips)):.1f} %)")


if __name__ == "__main__":
    sys.exit(main())
