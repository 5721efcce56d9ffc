#!/usr/bin/env python3
"""The service from outside: the built `voicelog serve` on loopback, driven by clients nobody
here wrote (curl, the `wyoming` package, schemathesis), over a real SQLite file.

Usage: live_test.py PATH/TO/voicelog    (needs curl, and wyoming and schemathesis importable)
"""
import asyncio
import concurrent.futures
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import wave
from pathlib import Path

from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.client import AsyncTcpClient
from wyoming.info import Describe, Info

BINARY = os.path.abspath(sys.argv[1])
FIXTURES = Path(__file__).resolve().parents[2] / "AudioFixtures"
FAILURES = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        FAILURES.append(what)


class Server:
    """`voicelog serve` on any free port, with the ports it printed."""

    def __init__(self, db, *arguments):
        self.process = subprocess.Popen([BINARY, "serve", "--port", "0", "--db", db, *arguments],
                                        stderr=subprocess.PIPE, text=True)
        self.port = self.wyoming = None
        self.lines = []
        deadline = time.time() + 120
        while self.port is None or ("--wyoming-port" in arguments and self.wyoming is None):
            line = self.process.stderr.readline()
            if not line or time.time() > deadline:
                raise RuntimeError("serve did not start: " + "".join(self.lines))
            self.lines.append(line)
            if m := re.search(r"serving http://([0-9.]+):(\d+)", line):
                self.host, self.port = m.group(1), int(m.group(2))
            if m := re.search(r"Wyoming on tcp://[0-9.]+:(\d+)", line):
                self.wyoming = int(m.group(1))
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)


def curl(url, *arguments, token=None, data=None, content_type="application/json"):
    """(status, body) of a request made by curl."""
    command = ["curl", "-s", "-o", "-", "-w", "\n%{http_code}", url, *arguments]
    if token:
        command += ["-H", f"Authorization: Bearer {token}"]
    if data is not None:
        command += ["-H", f"Content-Type: {content_type}", "--data-binary", data]
    out = subprocess.run(command, capture_output=True, check=True).stdout.decode("utf-8", "replace")
    body, _, status = out.rpartition("\n")
    return int(status), body


def voicelog(db, *arguments):
    return subprocess.run([BINARY, *arguments, "--db", db], capture_output=True, text=True, check=True).stdout


def wav_frames(name):
    with wave.open(str(FIXTURES / name)) as w:
        return w.getframerate(), w.getsampwidth(), w.getnchannels(), w.readframes(w.getnframes())


async def wyoming_session(port, audio):
    """describe, then the audio as a speech-to-text request, then its words to be handled."""
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await client.write_event(Describe().event())
        info = Info.from_event(await client.read_event())
        rate, width, channels, frames = audio
        await client.write_event(Transcribe(language="en").event())
        await client.write_event(AudioStart(rate=rate, width=width, channels=channels).event())
        for start in range(0, len(frames), 4096):
            await client.write_event(AudioChunk(rate=rate, width=width, channels=channels, audio=frames[start:start + 4096]).event())
        await client.write_event(AudioStop().event())
        heard = Transcript.from_event(await client.read_event()).text
        await client.write_event(Transcript(text=heard).event())
        answer = await client.read_event()
        await client.write_event(Transcript(text="the weather is nice").event())
        refused = await client.read_event()
        return info, heard, answer, refused


async def wyoming_handle(port, text):
    """`text` to be handled, on a connection of its own, as Home Assistant sends it."""
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await client.write_event(Transcript(text=text).event())
        return await client.read_event()


async def wyoming_transcribe(port, audio, chunks=None):
    """The audio as a speech-to-text request alone; with `chunks`, only that many are sent and
    the connection is closed without `audio-stop`."""
    async with AsyncTcpClient("127.0.0.1", port) as client:
        rate, width, channels, frames = audio
        await client.write_event(AudioStart(rate=rate, width=width, channels=channels).event())
        starts = list(range(0, len(frames), 4096))
        for start in starts[:chunks]:
            await client.write_event(AudioChunk(rate=rate, width=width, channels=channels, audio=frames[start:start + 4096]).event())
        if chunks is not None:
            return None
        await client.write_event(AudioStop().event())
        return Transcript.from_event(await client.read_event()).text


def check_fhir(bundle, expected):
    """The bundle validates as FHIR R4; `expected`: LOINC code -> (UCUM code, value) of Observations."""
    from fhir.resources.bundle import Bundle
    try:
        Bundle.parse_obj(bundle)
        valid = bundle["type"] == "collection"
    except Exception as error:  # the validator's own message says what is wrong
        valid = False
        print(error)
    check(valid, f"a FHIR R4 collection Bundle of {len(bundle.get('entry', []))} resources validates with fhir.resources")
    if expected is None:
        return
    found = {}
    for entry in bundle.get("entry", []):
        resource = entry["resource"]
        if resource["resourceType"] == "Observation":
            quantity = resource.get("valueQuantity", {})
            for coding in resource["code"]["coding"]:
                found.setdefault(coding["code"], (quantity.get("code"), quantity.get("value")))
                check(coding["system"] == "http://loinc.org", f"FHIR: {coding['code']} is a LOINC code")
            check(re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$", resource["effectiveDateTime"]) is not None,
                  "FHIR: effectiveDateTime carries the offset")
    for code, (unit, value) in expected.items():
        check(found.get(code, (None, None))[0] == unit and (value is None or found[code][1] == value),
              f"FHIR: {code} in {unit} ({found.get(code)})")


def postgres_checks(folder):
    """Two servers on one PostgreSQL database behave as one service; while the database is
    down they answer 503 and store nothing, and afterwards they write again, not restarted."""
    url = os.environ["VOICELOG_TEST_POSTGRES"]
    pg_ctl = os.environ["VOICELOG_TEST_PGCTL"]
    token = subprocess.run([BINARY, "token", "create", f"pg-{os.getpid()}", "--db", url], capture_output=True, text=True, check=True).stdout.strip()
    servers = [Server(url, "--no-speech"), Server(url, "--no-speech")]

    # Concurrent writers through both for a bounded time: every accepted utterance found once.
    def write(n):
        server = servers[n % 2]
        status, body = curl(server.url + "/v1/utterances", token=token, data=json.dumps({"text": f"steps {2000 + n}"}))
        return json.loads(body)["utterance_id"] if status == 201 else None
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        accepted = [u for u in pool.map(write, range(300)) if u]
    lines = curl(servers[0].url + "/v1/export?format=jsonl", token=token)[1].splitlines()[1:]
    stored = [json.loads(line)["utterance"]["id"] for line in lines]
    texts = [json.loads(line)["utterance"]["text"] for line in lines]
    check(len(accepted) == 300 and sorted(stored) == sorted(accepted) and len(set(texts)) == 300,
          f"PostgreSQL, two servers, 300 concurrent writes: {len(accepted)} accepted, {len(stored)} stored, {len(set(texts))} distinct")
    listed = json.loads(curl(servers[1].url + "/v1/entries?kind=activity&limit=1000", token=token)[1])["entries"]
    check(len(listed) == 300, f"the other server lists them all ({len(listed)})")

    # The database stops while the servers take writes.
    subprocess.run(pg_ctl + " -m fast stop", shell=True, check=True, capture_output=True)
    status, body = curl(servers[0].url + "/v1/utterances", token=token, data='{"text": "weight 71 kg"}')
    check(status == 503 and "cannot be reached" in body, f"PostgreSQL down: 503 ({status} {body[:160]})")
    check(curl(servers[1].url + "/healthz")[0] == 503, "PostgreSQL down: /healthz says 503")
    subprocess.run(pg_ctl + " start", shell=True, check=True, capture_output=True)
    statuses = []
    for _ in range(20):
        status, _ = curl(servers[0].url + "/v1/utterances", token=token, data='{"text": "weight 71 kg"}')
        statuses.append(status)
        if status == 201:
            break
        time.sleep(0.5)
    check(statuses[-1] == 201, f"PostgreSQL back: writes succeed again without a restart ({statuses})")
    weights = json.loads(curl(servers[1].url + "/v1/entries?kind=weight", token=token)[1])["entries"]
    check(len(weights) == 1, f"nothing half-written during the outage: {len(weights)} weight entries")
    for server in servers:
        check(server.stop() == 0, "a PostgreSQL server exits 0 on SIGTERM")


def main():
    folder = tempfile.mkdtemp(prefix="voicelog-live-")
    db = os.path.join(folder, "data", "log.sqlite")
    voicelog(db, "batch", "-")  # makes the file
    alice = voicelog(db, "token", "create", "alice").strip()
    bob = voicelog(db, "token", "create", "bob").strip()
    home = voicelog(db, "token", "create", "ha").strip()
    server = Server(db, "--wyoming-port", "0", "--wyoming-user", "ha")

    # Loopback only, private files.
    check(server.host == "127.0.0.1", f"binds to loopback by default ({server.host})")
    check(oct(os.stat(db).st_mode & 0o777) == "0o600", "the database file is readable by its owner only")

    # Tokens and isolation.
    check(curl(server.url + "/v1/entries")[0] == 401, "no token: 401")
    check(curl(server.url + "/v1/entries", token="vl_wrong")[0] == 401, "a wrong token: 401")
    status, body = curl(server.url + "/v1/utterances", token=alice, data='{"text": "bp 135/85 hr 70"}')
    check(status == 201 and json.loads(body)["stored"], f"a typed utterance is stored: {status} {body[:120]}")
    entry = json.loads(body)["entry_ids"][0]
    check(curl(server.url + f"/v1/entries/{entry}", "-X", "PATCH", token=bob, data='{"edit": "pulse 72"}')[0] == 404,
          "another account's entry: 404")
    check(json.loads(curl(server.url + "/v1/entries", token=bob)[1])["entries"] == [], "another account sees no entries")

    # Bad input loses nothing.
    check(curl(server.url + "/v1/utterances", token=alice, data="{not json")[0] == 400, "bad JSON: 400")
    check(curl(server.url + "/v1/utterances", token=alice, data=b"\xff\xfe".decode("latin-1"))[0] == 400, "not UTF-8: 400")
    check(curl(server.url + "/v1/utterances", token=alice, data=json.dumps({"text": "a" * 5000}))[0] == 413, "5 KB of text: 413")
    big = os.path.join(folder, "big.wav")
    with open(big, "wb") as f:
        f.write(b"RIFF" + b"\0" * (11 * 1024 * 1024))
    check(curl(server.url + "/v1/utterances", token=alice, data="@" + big, content_type="audio/wav")[0] == 413, "11 MB of audio: 413")
    status, body = curl(server.url + "/v1/utterances", token=alice, data="RIFF....WAVEjunk", content_type="audio/wav")
    check(status == 400 and "WAV" in body, f"a broken WAV header: 400 ({body[:100]})")

    # Speech over HTTP.
    # (Stored only when heard with confidence: synthetic voices often are not, and then the
    # answer is 422, asking to say it again, with nothing stored.)
    status, body = curl(server.url + "/v1/utterances", token=alice, data="@" + str(FIXTURES / "utt4-v1.wav"), content_type="audio/wav")
    result = json.loads(body)
    sure = status == 201 and result["stored"]
    unsure = status == 422 and not result["stored"] and "Not sure" in result["problems"][-1]["message"]
    check(result["transcript"]["text"] == "oxygen level ninety six percent" and (sure or unsure),
          f"a WAV body is heard, and stored only when sure: {status} {result.get('transcript')}")

    # Wyoming, as Home Assistant would use it.
    # 44.1 kHz stereo in one of flite's voices, made here: heard right, and surely, cold
    with tempfile.TemporaryDirectory() as work:
        said, stereo = os.path.join(work, "said.wav"), os.path.join(work, "glucose-44k-stereo.wav")
        subprocess.run(["flite", "-voice", "rms", "-t", "glucose six point two after dinner", "-o", said], check=True)
        subprocess.run(["sox", "-R", said, "-r", "44100", "-c", "2", "-b", "16", stereo, "pad", "0.3", "0.3"], check=True)
        with wave.open(stereo) as w:
            audio = w.getframerate(), w.getsampwidth(), w.getnchannels(), w.readframes(w.getnframes())
    info, heard, answer, refused = asyncio.run(wyoming_session(server.wyoming, audio))
    check([p.name for p in info.asr] == ["voicelog"] and [p.name for p in info.handle] == ["voicelog"], "Wyoming describe: asr and handle")
    check(heard == "glucose six point two after dinner", f"Wyoming transcript: {heard!r}")
    check(answer.type == "handled" and "6.2" in answer.data.get("text", ""), f"Wyoming handled: {answer.type} {answer.data}")
    check(refused.type == "not-handled", f"Wyoming refuses what is not an entry: {refused.type} {refused.data}")
    entries = json.loads(curl(server.url + "/v1/entries?kind=glucose", token=home)[1])["entries"]
    check([e["value"] for e in entries] == [6.2], f"the Wyoming utterance is in its account's log: {entries}")
    # Words heard without confidence are asked for again, even though Home Assistant hands the
    # text to the handler on another connection, without the confidence.
    unsure_clip = "utt6-v1.wav"  # espeak-ng: heard right, with confidence under 0.1
    status, body = curl(server.url + "/v1/utterances", "--max-time", "60", token=alice,
                        data="@" + str(FIXTURES / unsure_clip), content_type="audio/wav")
    said = json.loads(body)["transcript"]
    heard = asyncio.run(wyoming_transcribe(server.wyoming, wav_frames(unsure_clip)))
    answer = asyncio.run(wyoming_handle(server.wyoming, heard))
    stored = len(json.loads(curl(server.url + "/v1/entries", token=home)[1])["entries"])
    check(said["confidence"] < 0.5 and answer.type == "not-handled"
          and "Not sure" in answer.data.get("text", "") and stored == 1,
          f"Wyoming asks again for words heard unsurely: {said} {heard!r} {answer.type} {answer.data}, {stored} stored")
    # 16 kHz mono, as satellites send it, is decoded while it arrives; a connection dropped
    # mid-utterance frees the recogniser for the next one and for HTTP requests.
    asyncio.run(wyoming_transcribe(server.wyoming, wav_frames("utt1-v1.wav"), chunks=3))
    heard = asyncio.run(wyoming_transcribe(server.wyoming, wav_frames("utt1-v1.wav")))
    check(heard == "glucose six point two after dinner", f"Wyoming transcript of 16 kHz audio decoded as it came: {heard!r}")
    status, body = curl(server.url + "/v1/utterances", "--max-time", "30", token=alice,
                        data="@" + str(FIXTURES / "oog1.wav"), content_type="audio/wav")
    check(status in (201, 422), f"a WAV is heard at once after a dropped Wyoming utterance: {status} {body[:120]}")

    # A locked database: a clear 503, nothing half-written, and writes succeed after.
    before = json.loads(curl(server.url + "/v1/export?format=jsonl", token=alice)[1].splitlines()[0])
    lock = sqlite3.connect(db, timeout=1, isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")
    status, body = curl(server.url + "/v1/utterances", token=alice, data='{"text": "weight 70 kg"}')
    check(status == 503 and "busy" in body, f"a locked database: 503 ({status} {body[:100]})")
    lock.execute("ROLLBACK")
    lock.close()
    status, _ = curl(server.url + "/v1/utterances", token=alice, data='{"text": "weight 70 kg"}')
    check(status == 201, "after the lock, writes succeed again")
    weights = json.loads(curl(server.url + "/v1/entries?kind=weight", token=alice)[1])["entries"]
    check(len(weights) == 1, f"the refused write left nothing: {len(weights)} weight entries")
    check(before == {"voicelog": "backup", "version": 1}, "the export is a backup")

    # Concurrent writers: every accepted utterance stored once.
    def write(n):
        status, body = curl(server.url + "/v1/utterances", token=bob, data=json.dumps({"text": f"steps {1000 + n}"}))
        return json.loads(body)["utterance_id"] if status == 201 else None
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        accepted = [u for u in pool.map(write, range(200)) if u]
    lines = curl(server.url + "/v1/export?format=jsonl", token=bob)[1].splitlines()[1:]
    stored = [json.loads(line)["utterance"]["id"] for line in lines]
    check(len(accepted) == 200 and sorted(stored) == sorted(accepted), f"200 concurrent writes: {len(accepted)} accepted, {len(stored)} stored")

    # Exports health tools read: a FHIR R4 Bundle that fhir.resources (R4 models) accepts, with
    # LOINC codes and UCUM units per kind; Nightscout treatments with the fields its API needs.
    carol = voicelog(db, "token", "create", "carol").strip()
    empty = json.loads(curl(server.url + "/v1/export?format=fhir", token=carol)[1])
    check_fhir(empty, {})
    said = ["glucose 6.2 after dinner", "bs 142 mg/dl", "bp 135/85 hr 70", "hr 64", "temp 38.2", "temp 101",
            "sats 97", "weight 70 kg", "weight 154 lbs", "hba1c 48", "A1C 6.8%", "5u novorapid", "took 2 paracetamol",
            "45g carbs", "baby took 4 oz", "note felt dizzy", "walked for 30 minutes"]
    for text in said:
        status, _ = curl(server.url + "/v1/utterances", token=carol, data=json.dumps({"text": text}))
        check(status == 201, f"stored for the exports: {text}")
    bundle = json.loads(curl(server.url + "/v1/export?format=fhir", token=carol)[1])
    check_fhir(bundle, {
        "15074-8": ("mmol/L", 6.2), "2339-0": ("mg/dL", 142), "85354-9": (None, None), "8867-4": ("/min", 64),
        "8310-5": ("Cel", 38.2), "2708-6": ("%", 97), "29463-7": ("kg", 70), "4548-4": ("%", 6.8), "59261-8": ("mmol/mol", 48),
    })
    resources = [e["resource"] for e in bundle["entry"]]
    panel = next(r for r in resources if r["code"]["coding"][0]["code"] == "85354-9") if resources else {}
    check([(c["code"]["coding"][0]["code"], c["valueQuantity"]["code"], c["valueQuantity"]["value"]) for c in panel.get("component", [])]
          == [("8480-6", "mm[Hg]", 135), ("8462-4", "mm[Hg]", 85), ("8867-4", "/min", 70)], "FHIR: the blood pressure panel's components")
    units = sorted(r["valueQuantity"]["code"] for r in resources if r.get("valueQuantity"))
    check("[degF]" in units and "[lb_av]" in units, f"FHIR: Fahrenheit and pounds in UCUM ({units})")
    medicines = [r["medicationCodeableConcept"]["text"] for r in resources if r["resourceType"] == "MedicationStatement"]
    check(sorted(medicines) == ["novorapid", "paracetamol"], f"FHIR: medicines as MedicationStatements ({medicines})")
    check(len(resources) == 13, f"FHIR: one resource for each entry of a kind it has ({len(resources)} of 17)")
    cli = subprocess.run([BINARY, "export", "--format", "fhir", "--db", db], capture_output=True, text=True)
    check(cli.returncode == 0 and "left out" not in cli.stderr, "voicelog export --format fhir of the local log")
    check_fhir(json.loads(cli.stdout), None)
    treatments = json.loads(curl(server.url + "/v1/export?format=nightscout", token=carol)[1])
    numeric = {"glucose", "carbs", "insulin", "duration"}
    check(all(isinstance(t.get("eventType"), str) and re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$", t.get("created_at", ""))
              and all(isinstance(t[k], (int, float)) for k in numeric & t.keys()) for t in treatments)
          and sorted(t["eventType"] for t in treatments) == ["BG Check", "BG Check", "Carb Correction", "Correction Bolus", "Exercise", "Note"],
          f"Nightscout treatments: {[t.get('eventType') for t in treatments]}")

    # The OpenAPI document, checked against the server by schemathesis.
    run = subprocess.run([sys.executable, "-m", "schemathesis.cli", "run", server.url + "/openapi.yaml",
                          "-H", f"Authorization: Bearer {alice}", "--checks", "all",
                          # What is accepted depends on meaning, not shape: "glucose 6.2" is, "x" is
                          # not (422), so a schema-valid body may rightly be refused.
                          "--exclude-checks", "positive_data_acceptance",
                          "--max-examples", "60", "--generation-deterministic"],
                         capture_output=True, text=True, cwd=folder)
    check(run.returncode == 0, "schemathesis finds the server as its OpenAPI document says" + ("" if run.returncode == 0 else "\n" + run.stdout[-4000:]))

    # SIGTERM mid-request: the request under way (its head and half its body sent, the rest sent
    # after the signal) is answered, then the server exits cleanly.
    body = (FIXTURES / "utt2-v1.wav").read_bytes()
    head = (f"POST /v1/utterances HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {alice}\r\n"
            f"Content-Type: audio/wav\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=60)
    connection.sendall(head.encode() + body[:len(body) // 2])
    time.sleep(0.5)
    holder = {}
    stopping = threading.Thread(target=lambda: holder.update(code=server.stop()))
    stopping.start()
    time.sleep(0.5)
    connection.sendall(body[len(body) // 2:])
    answer = b""
    while chunk := connection.recv(65536):
        answer += chunk
    connection.close()
    stopping.join(timeout=60)
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0
    check(status in (201, 422), f"a request under way at SIGTERM is answered ({status} {answer[:80]!r})")
    check(holder.get("code") == 0, f"serve exits 0 after SIGTERM ({holder.get('code')})")

    if os.environ.get("VOICELOG_TEST_POSTGRES"):
        postgres_checks(folder)

    print(f"{len(FAILURES)} failure(s)")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
