#!/usr/bin/env bash
# Regenerates the synthetic speech fixtures of this folder and their manifest, fixtures.tsv.
#
# Needs espeak-ng and sox (Debian: apt-get install espeak-ng sox). Output is deterministic
# for a given espeak-ng and sox, so re-running it should leave git with nothing to commit.
# Every WAV is 16 kHz mono 16-bit PCM unless its name says otherwise.
#
# Usage: AudioFixtures/make_fixtures.sh   (from anywhere)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="$here/.cache"
mkdir -p "$cache"
for tool in espeak-ng sox; do
    command -v "$tool" >/dev/null || { echo "error: $tool is missing; install it with: apt-get install $tool" >&2; exit 1; }
done

manifest="$here/fixtures.tsv"
printf 'file\tkind\ttranscript\n' > "$manifest"

# speak NAME VOICE SPEED TEXT: one utterance, converted to 16 kHz mono 16-bit.
speak() {
    local name="$1" voice="$2" speed="$3" text="$4"
    espeak-ng -v "$voice" -s "$speed" -w "$cache/$name.raw.wav" "$text"
    sox -R "$cache/$name.raw.wav" -r 16000 -c 1 -b 16 "$here/$name.wav"
}

# In-grammar sentences: what a VoiceLog user would say.
sentences=(
    "glucose six point two after dinner"
    "blood pressure one twenty over eighty"
    "fed one hundred twenty millilitres of formula"
    "oxygen level ninety six percent"
    "mild headache this morning"
    "took two tablets of paracetamol"
)
# Voice and speed (words per minute) of each rendition.
renditions=(
    "en-us 160"
    "en-us+f3 175"
    "en-gb-x-rp+m3 145"
    "en-us+f4 200"
)

for i in "${!sentences[@]}"; do
    for j in "${!renditions[@]}"; do
        read -r voice speed <<< "${renditions[$j]}"
        name="utt$((i + 1))-v$((j + 1))"
        speak "$name" "$voice" "$speed" "${sentences[$i]}"
        printf '%s.wav\tutterance\t%s\n' "$name" "${sentences[$i]}" >> "$manifest"
    done
done

# Out-of-grammar speech: should be rejected, or at least scored low.
others=(
    "the weather is lovely today"
    "please call my sister tomorrow"
    "what time does the train leave"
)
for i in "${!others[@]}"; do
    name="oog$((i + 1))"
    speak "$name" "en-us+f3" 170 "${others[$i]}"
    printf '%s.wav\tout-of-grammar\t%s\n' "$name" "${others[$i]}" >> "$manifest"
done

# A stream: three utterances with 1 s of silence between them (and 0.5 s at each end).
sox -R -n -r 16000 -c 1 -b 16 "$cache/silence1.wav" trim 0 1.0
sox -R -n -r 16000 -c 1 -b 16 "$cache/silence05.wav" trim 0 0.5
sox -R "$cache/silence05.wav" "$here/utt1-v1.wav" "$cache/silence1.wav" "$here/utt2-v2.wav" \
    "$cache/silence1.wav" "$here/utt5-v1.wav" "$cache/silence05.wav" "$here/stream3.wav"
printf 'stream3.wav\tstream\t%s | %s | %s\n' "${sentences[0]}" "${sentences[1]}" "${sentences[4]}" >> "$manifest"

# Noise only: 2 s of quiet white noise, nothing to recognise.
sox -R -n -r 16000 -c 1 -b 16 "$here/noise.wav" synth 2.0 whitenoise vol 0.05
printf 'noise.wav\tnoise\t\n' >> "$manifest"

# The same utterance at 44.1 kHz stereo: the WAV reader must mix down and resample it.
sox -R "$here/utt1-v1.wav" -r 44100 -c 2 -b 16 "$here/utt1-v1-44k-stereo.wav"
printf 'utt1-v1-44k-stereo.wav\tutterance\t%s\n' "${sentences[0]}" >> "$manifest"

# And as 48 kHz mono 32-bit float, and 22.05 kHz mono 24-bit.
sox -R "$here/utt4-v2.wav" -r 48000 -c 1 -e floating-point -b 32 "$here/utt4-v2-48k-float.wav"
printf 'utt4-v2-48k-float.wav\tutterance\t%s\n' "${sentences[3]}" >> "$manifest"
sox -R "$here/utt6-v3.wav" -r 22050 -c 1 -b 24 "$here/utt6-v3-22k-24bit.wav"
printf 'utt6-v3-22k-24bit.wav\tutterance\t%s\n' "${sentences[5]}" >> "$manifest"

echo "wrote $(($(wc -l < "$manifest") - 1)) fixtures to $here ($(du -ch "$here"/*.wav | tail -1 | cut -f1))"
