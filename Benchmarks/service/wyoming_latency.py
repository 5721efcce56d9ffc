"""Wyoming speech to text on `voicelog serve` (release): the time from `audio-stop` to the
`transcript`, for the utterances of AudioFixtures/fixtures.tsv sent in real time, 64 ms
chunks, as a satellite sends them.

Each utterance is sent twice in the same run: as 16 kHz mono (decoded while it arrives), and,
as the baseline, the same samples in two channels (which the server mixes and decodes whole
after `audio-stop`, as it did every utterance before). Each transcript is checked against the
fixture's words.

Usage: python wyoming_latency.py PATH/TO/voicelog [SERVE OPTIONS...]   (needs the `wyoming`
package; `--search grammar` searches the grammar alone, live)
"""
import asyncio
import csv
import re
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

from wyoming.asr import Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.client import AsyncTcpClient

FIXTURES = Path(__file__).resolve().parents[2] / "AudioFixtures"
CHUNK = 1024  # samples: 64 ms at 16 kHz


async def latency(port, samples, channels):
    """Seconds from audio-stop to the transcript, and its text."""
    frames = samples if channels == 1 else b"".join(samples[i:i + 2] * 2 for i in range(0, len(samples), 2))
    step = CHUNK * 2 * channels
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await client.write_event(AudioStart(rate=16000, width=2, channels=channels).event())
        started = time.monotonic()
        for n, start in enumerate(range(0, len(frames), step)):
            await client.write_event(AudioChunk(rate=16000, width=2, channels=channels, audio=frames[start:start + step]).event())
            await asyncio.sleep(max(0.0, started + (n + 1) * CHUNK / 16000 - time.monotonic()))
        stop = time.monotonic()
        await client.write_event(AudioStop().event())
        text = Transcript.from_event(await client.read_event()).text
        return time.monotonic() - stop, text


def main():
    binary, options = sys.argv[1], sys.argv[2:]
    with open(FIXTURES / "fixtures.tsv") as f:
        cases = [row for row in csv.DictReader(f, delimiter="\t") if row["kind"] == "utterance"]
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([binary, "serve", "--port", "0", "--wyoming-port", "0", "--db", f"{folder}/bench.db", *options],
                                  stderr=subprocess.PIPE, text=True)
        try:
            port = None
            while port is None:
                line = server.stderr.readline()
                if not line:
                    sys.exit("the server stopped before listening")
                if m := re.search(r"Wyoming on tcp://[0-9.]+:(\d+)", line):
                    port = int(m.group(1))
            results = {1: [], 2: []}
            for case in cases:
                try:
                    with wave.open(str(FIXTURES / case["file"])) as w:
                        if (w.getframerate(), w.getsampwidth(), w.getnchannels()) != (16000, 2, 1):
                            continue
                        samples = w.readframes(w.getnframes())
                except wave.Error:  # float samples: not what a satellite sends
                    continue
                for channels in (2, 1):
                    seconds, text = asyncio.run(latency(port, samples, channels))
                    results[channels].append((seconds, text == case["transcript"]))
        finally:
            server.terminate()
            server.wait()
    for channels, name in ((2, "baseline, decoded whole after audio-stop (two channels)"),
                           (1, "decoded while it arrives (16 kHz mono)")):
        times = sorted(s for s, _ in results[channels])
        right = sum(ok for _, ok in results[channels])
        print(f"{name}: {len(times)} utterances, audio-stop to transcript median {statistics.median(times) * 1000:.0f} ms, "
              f"slowest {times[-1] * 1000:.0f} ms; {right} transcripts word for word right")
    if sum(ok for _, ok in results[1]) < sum(ok for _, ok in results[2]) - 1:
        sys.exit("decoding while the audio arrives got more utterances wrong than decoding them whole")


if __name__ == "__main__":
    main()
