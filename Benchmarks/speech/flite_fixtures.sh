#!/bin/sh
# Clips for `voicelog-bench speech LIST`: the sentences of AudioFixtures/heldout.txt in flite's
# awb and kal16 voices (made from recordings of people, which the acoustic model matches
# better than espeak-ng's formant voices), 16 kHz mono with 0.3 s of silence at each end,
# listed as AudioFixtures/fixtures.tsv lists its clips.
#
#   sh Benchmarks/speech/flite_fixtures.sh /tmp/flite-fixtures
#   .build/release/voicelog-bench speech /tmp/flite-fixtures/fixtures.tsv
set -eu
out=${1:?usage: flite_fixtures.sh OUTPUT_FOLDER}
here=$(dirname "$0")
mkdir -p "$out"
printf 'file\tkind\ttranscript\n' > "$out/fixtures.tsv"
index=0
grep -v '^#' "$here/../../AudioFixtures/heldout.txt" | grep -v '^$' | while IFS= read -r sentence; do
    index=$((index + 1))
    for voice in awb kal16; do
        name="s$index-$voice.wav"
        flite -voice "$voice" -t "$sentence" -o "$out/raw.wav"
        sox -R "$out/raw.wav" -r 16000 -c 1 -b 16 "$out/$name" pad 0.3 0.3
        printf '%s\tutterance\t%s\n' "$name" "$sentence" >> "$out/fixtures.tsv"
    done
done
rm -f "$out/raw.wav"
