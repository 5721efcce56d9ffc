#!/usr/bin/env python3
"""Drives `voicelog review` at a pseudo-terminal (pexpect) and checks what it shows and stores.

Usage: review_pty.py VOICELOG_BINARY SCENARIO

Each scenario writes a transcript, answers the prompts, compares the whole screen with the
text pinned here (NO_COLOR, the database path shown as <DB>), then reads the database with
sqlite3. Exit status 0 when everything matches; otherwise the differences are printed.
"""
import difflib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import wave

import pexpect

NOW = "2026-11-21T10:00:00"
STORE = "Store it? [Y/e/r/n/q/?] "
FIX = "Not stored as it is. [e/r/N/q/?] "
UP = "\x1b[A"

HELP = """\
  Enter, y  store the entries as shown
  e         edit an entry: type a field and its new value ("value 6.8",
            "tag before dinner", "time 7:30", "unit mg/dL") or the whole entry again
  r         type the sentence again
  n         skip it: store nothing of it
  q         quit: review nothing more (what was stored stays)
  ?         this help
"""


def default_interrupt():
    """Ctrl-C ends the program, as at a shell: a test runner may leave SIGINT ignored or
    blocked, and a child inherits both."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, [])


class Session:
    """One run of `voicelog review` on a transcript, at a pseudo-terminal."""

    def __init__(self, binary, folder, lines):
        self.binary = binary
        self.db = os.path.join(folder, "voicelog.sqlite")
        self.transcript = os.path.join(folder, "transcript.txt")
        with open(self.transcript, "w") as f:
            f.write("".join(line + "\n" for line in lines))
        # A home of its own, but the shared cache: the speech n-gram model is built once.
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        self.env = dict(os.environ, NO_COLOR="1", TERM="xterm", HOME=folder, VOICELOG_DB=self.db, XDG_CACHE_HOME=cache)
        self.env.pop("VOICELOG_GRAMMARS", None)
        self.child = None

    def start(self, *extra):
        return self.spawn(["review", "--now", NOW, "--db", self.db, *extra, self.transcript])

    def spawn(self, args, timeout=15):
        self.child = pexpect.spawn(self.binary, args, env=self.env, encoding="utf-8",
                                   timeout=timeout, dimensions=(40, 200), preexec_fn=default_interrupt)
        self.log = []
        self.child.logfile_read = self
        return self

    # pexpect's logfile protocol: keep everything the program wrote.
    def write(self, text):
        self.log.append(text)

    def flush(self):
        pass

    def answer(self, prompt, text):
        self.child.expect_exact(prompt)
        self.child.sendline(text)

    def finish(self):
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus, self.child.signalstatus

    def screen(self):
        return "".join(self.log).replace("\r\n", "\n").replace(self.db, "<DB>")

    def entries(self):
        """Current entries, as `voicelog list --format jsonl` prints them."""
        out = subprocess.run([self.binary, "list", "--format", "jsonl", "--db", self.db],
                             capture_output=True, text=True, env=self.env, check=True).stdout
        return [json.loads(line) for line in out.splitlines()]

    def rows(self, sql):
        if not os.path.exists(self.db):
            return []
        with sqlite3.connect(self.db) as connection:
            return connection.execute(sql).fetchall()


def fields(entry):
    """The entry without its id, for comparing."""
    return {k: v for k, v in entry.items() if k != "id"}


GLUCOSE_62 = """\
"glucose 6.2 after dinner"  ok
  Glucose 6.2 mmol/L, after dinner, today 10:00
"""


def accept(s):
    s.__init__(s.binary, os.path.dirname(s.db), ["glucose 6.2 after dinner"])
    s.start()
    s.answer(STORE, "")
    assert s.finish() == (0, None)
    expect_screen(s, GLUCOSE_62 + STORE + """
  stored as utterance 1
Reviewed 1 utterance: 1 accepted, 0 edited, 0 skipped, 0 infeasible, 0 incomplete, 0 unrecognized.
1 utterance stored in <DB>
""")
    expect([fields(e) for e in s.entries()],
           [{"kind": "glucose", "time": NOW, "value": 6.2, "tag": "after dinner", "unit": "mmol/L"}])


def edit_value_to_6_8(s):
    """Answers the prompt: edit, "value 6.8", store."""
    s.answer(STORE, "e")
    s.answer("Edit: ", "value 6.8")
    s.answer(STORE, "y")
    assert s.finish() == (0, None)


def glucose_edited_to_6_8(said):
    """The screen of edit_value_to_6_8 on "glucose ... after dinner" said as `said`."""
    return GLUCOSE_62.replace("glucose 6.2 after", said) + STORE + f"""e
Edit: value 6.8
"{said} dinner"  ok, edited
  Glucose 6.8 mmol/L, after dinner, today 10:00
""" + STORE + """y
  stored as utterance 1
Reviewed 1 utterance: 0 accepted, 1 edited, 0 skipped, 0 infeasible, 0 incomplete, 0 unrecognized.
1 utterance stored in <DB>
"""


def edit_then_accept(s):
    s.__init__(s.binary, os.path.dirname(s.db), ["glucose 6.2 after dinner"])
    s.start()
    edit_value_to_6_8(s)
    expect_screen(s, glucose_edited_to_6_8("glucose 6.2 after"))
    expect([e["value"] for e in s.entries()], [6.8])
    # What was heard stays beside the edit: revision 1 as heard, revision 2 as corrected.
    expect(s.rows("SELECT revision, fields ->> '$.value' FROM entry_revision ORDER BY revision"), [(1, 6.2), (2, 6.8)])
    expect(s.rows("SELECT text, source FROM utterance"), [("glucose 6.2 after dinner", "batch")])


def edit_to_infeasible(s):
    s.__init__(s.binary, os.path.dirname(s.db), ["glucose 6.2 after dinner"])
    s.start()
    s.answer(STORE, "e")
    s.answer("Edit: ", "value 35")
    s.answer(FIX, "y")
    s.answer(FIX, "e")
    s.answer("Edit: ", "value lots")
    s.answer(FIX, "n")
    assert s.finish() == (0, None)
    expect_screen(s, GLUCOSE_62 + STORE + """e
Edit: value 35
"glucose 6.2 after dinner"  infeasible, edited
  Glucose 35 mmol/L, after dinner, today 10:00
  ✗ The entered number is not reasonable: glucose 35 mmol/L is above the highest meter reading (33.3 mmol/L). Please check the measurement.
  ! Glucose 35 mmol/L is above 13.9 mmol/L, outside the usual target range. Please check the reading and follow your care plan.
""" + FIX + """y
  ✗ It cannot be stored as it is: edit it (e), type it again (r) or skip it (n).
""" + FIX + """e
Edit: value lots
  ✗ 'lots' is not a value of a glucose. Type it like 'value 6.2' or 'tag after dinner'.
""" + FIX + """n
  skipped
Reviewed 1 utterance: 0 accepted, 0 edited, 1 skipped, 0 infeasible, 0 incomplete, 0 unrecognized.
0 utterances stored in <DB>
""")
    expect(s.entries(), [])


def skip(s):
    s.__init__(s.binary, os.path.dirname(s.db), ["bp 120 over 80", "weight 70 kg"])
    s.start()
    s.answer(STORE, "n")
    s.answer(STORE, "y")
    assert s.finish() == (0, None)
    expect_screen(s, """"bp 120 over 80"  ok
  Blood pressure 120/80, today 10:00
""" + STORE + """n
  skipped
"weight 70 kg"  ok
  Weight 70 kg, today 10:00
""" + STORE + """y
  stored as utterance 1
Reviewed 2 utterances: 1 accepted, 0 edited, 1 skipped, 0 infeasible, 0 incomplete, 0 unrecognized.
1 utterance stored in <DB>
""")
    expect([e["kind"] for e in s.entries()], ["weight"])


def quit_half_way(s):
    s.__init__(s.binary, os.path.dirname(s.db), ["glucose 6.2 after dinner", "asdf", "weight 70 kg"])
    s.start()
    s.answer(STORE, "")
    s.answer(FIX, "?")
    s.answer(FIX, "what")
    s.answer(FIX, "q")
    assert s.finish() == (0, None)
    expect_screen(s, GLUCOSE_62 + STORE + """
  stored as utterance 1
"asdf"  unrecognized
  ✗ No entry recognised. Try a sentence such as 'glucose 6.2 after dinner', 'fed 120 ml formula' or 'mild headache'.
""" + FIX + "?\n" + HELP + FIX + """what
  Answer y, e, r, n, q or ? (Enter stores an entry that can be stored).
""" + FIX + """q
Reviewed 1 utterance: 1 accepted, 0 edited, 0 skipped, 0 infeasible, 0 incomplete, 0 unrecognized.
Stopped before the end; the remaining lines were not reviewed.
1 utterance stored in <DB>
""")
    expect([e["kind"] for e in s.entries()], ["glucose"])


def retype_and_edit_one_of_two(s):
    s.__init__(s.binary, os.path.dirname(s.db), ["glucose sixty two", "glucose 6.2 and bp 120 over 80"])
    s.start()
    s.answer(STORE, "r")
    s.answer("Type it again: ", "glucose 6.2 before lunch")
    s.answer(STORE, "y")
    s.answer(STORE, "e")
    s.answer("Which entry? [1-2] ", "2")
    s.answer("Edit: ", "pulse 70")
    s.answer(STORE, "")
    assert s.finish() == (0, None)
    expect_screen(s, """"glucose sixty two"  ok
  Glucose 62 mg/dL, today 10:00
  ! Glucose 62 mg/dL is below 70 mg/dL, outside the usual target range. Please check the reading and follow your care plan.
""" + STORE + """r
Type it again: glucose 6.2 before lunch
"glucose 6.2 before lunch"  ok
  Glucose 6.2 mmol/L, before lunch, today 10:00
""" + STORE + """y
  stored as utterance 1
"glucose 6.2 and bp 120 over 80"  ok
  1. Glucose 6.2 mmol/L, today 10:00
  2. Blood pressure 120/80, today 10:00
""" + STORE + """e
Which entry? [1-2] 2
Edit: pulse 70
"glucose 6.2 and bp 120 over 80"  ok, edited
  1. Glucose 6.2 mmol/L, today 10:00
  2. Blood pressure 120/80, pulse 70, today 10:00
""" + STORE + """
  stored as utterance 2
Reviewed 2 utterances: 0 accepted, 2 edited, 0 skipped, 0 infeasible, 0 incomplete, 0 unrecognized.
2 utterances stored in <DB>
""")
    expect(s.rows("SELECT text FROM utterance ORDER BY id"),
           [("glucose 6.2 before lunch",), ("glucose 6.2 and bp 120 over 80",)])
    expect([fields(e) for e in s.entries()][-1],
           {"kind": "blood_pressure", "time": NOW, "systolic": 120, "diastolic": 80, "pulse": 70})


def history_recalls_an_edit(s):
    """libedit at work: the up arrow brings back the edit typed before."""
    s.__init__(s.binary, os.path.dirname(s.db), ["glucose 6.2", "glucose 5.1"])
    s.start()
    s.answer(STORE, "e")
    s.answer("Edit: ", "tag before dinner")
    s.answer(STORE, "y")
    s.answer(STORE, "e")
    s.child.expect_exact("Edit: ")
    # History: e, tag before dinner, y, e; three steps up is the edit.
    s.child.send(UP + UP + UP + "\r")
    s.answer(STORE, "y")
    assert s.finish() == (0, None)
    expect([e.get("tag") for e in s.entries()], ["before dinner", "before dinner"])


def interrupted(s):
    """Ctrl-C at the prompt ends the review like q, with exit status 130: what was stored
    before stays, nothing of the rest is written, and the summary says so."""
    s.__init__(s.binary, os.path.dirname(s.db), ["weight 70 kg", "glucose 6.2", "glucose 7.1"])
    s.start()
    s.answer(STORE, "y")
    s.answer(STORE, "e")
    s.child.expect_exact("Edit: ")
    s.child.sendintr()
    expect(s.finish(), (130, None))
    expect_screen(s, """"weight 70 kg"  ok
  Weight 70 kg, today 10:00
""" + STORE + """y
  stored as utterance 1
"glucose 6.2"  ok
  Glucose 6.2 mmol/L, today 10:00
""" + STORE + """e
Edit: 
Reviewed 1 utterance: 1 accepted, 0 edited, 0 skipped, 0 infeasible, 0 incomplete, 0 unrecognized.
Stopped before the end; the remaining lines were not reviewed.
1 utterance stored in <DB>
""")
    expect([e["kind"] for e in s.entries()], ["weight"])
    expect(s.rows("SELECT count(*) FROM entry_revision"), [(1,)])


def end_of_input(s):
    """Ctrl-D at the prompt ends the review like q."""
    s.__init__(s.binary, os.path.dirname(s.db), ["weight 70 kg", "glucose 6.2"])
    s.start()
    s.answer(STORE, "y")
    s.child.expect_exact(STORE)
    s.child.sendeof()
    assert s.finish() == (0, None)
    expect("Stopped before the end" in s.screen(), True)
    expect([e["kind"] for e in s.entries()], ["weight"])


def not_a_terminal(s):
    """Standard input a pipe: nothing is asked; ok results are stored, the rest reported."""
    s.__init__(s.binary, os.path.dirname(s.db), [])
    lines = "glucose 6.2 after dinner\nglucose 75 mmol/L\nglucose\nasdf\n"
    run = subprocess.run([s.binary, "review", "--now", NOW, "--db", s.db, "-"], input=lines,
                         capture_output=True, text=True, env=s.env, timeout=15)
    expect(run.returncode, 0)
    expect_text(run.stdout.replace(s.db, "<DB>"), GLUCOSE_62 + """\
  stored as utterance 1
"glucose 75 mmol/L"  infeasible
  Glucose 75 mmol/L, today 10:00
  ✗ The entered number is not reasonable: glucose 75 mmol/L is above the highest meter reading (33.3 mmol/L). Please check the measurement.
  ! Glucose 75 mmol/L is above 13.9 mmol/L, outside the usual target range. Please check the reading and follow your care plan.
"glucose"  incomplete
  Glucose, today 10:00
  ✗ Glucose needs a value. Say it like 'glucose 6.2 after dinner'.
"asdf"  unrecognized
  ✗ No entry recognised. Try a sentence such as 'glucose 6.2 after dinner', 'fed 120 ml formula' or 'mild headache'.
Reviewed 4 utterances: 1 accepted, 0 edited, 0 skipped, 1 infeasible, 1 incomplete, 1 unrecognized.
1 utterance stored in <DB>
""")
    expect([e["kind"] for e in s.entries()], ["glucose"])


def yes_at_a_terminal(s):
    """--yes: nothing is asked even at a terminal."""
    s.__init__(s.binary, os.path.dirname(s.db), ["weight 70 kg", "glucose 75 mmol/L"])
    s.start("--yes")
    assert s.finish() == (0, None)
    expect("Store it?" in s.screen(), False)
    expect([e["kind"] for e in s.entries()], ["weight"])


def dictate_and_correct(s):
    """dictate --review: what was heard is shown with its confidence and alternatives, edited at
    the prompt, and stored as a voice utterance with its audio file and alternatives, the heard
    value kept as revision 1."""
    fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "AudioFixtures", "utt1-v1.wav")
    # The grammar search, whose confusable numbers give the alternatives: the n-gram pass hears
    # this espeak-ng voice worse.
    s.spawn(["dictate", "--review", "--search", "grammar", "--audio", fixture, "--now", NOW, "--db", s.db], timeout=60)
    edit_value_to_6_8(s)
    loading = "Loading the speech model\u2026 ready.\n"  # said at a terminal while the model loads
    screen = s.screen()
    expect(screen.startswith(loading), True)
    screen = screen[len(loading):]
    heard, perhaps = screen.split("\n")[:2]
    expect(heard.startswith('Heard "glucose six point two after dinner", confidence '), True)
    # The confusable numbers' next-best readings, the ones stored as the utterance's alternatives.
    expect(perhaps.startswith('  or perhaps: "glucose '), True)
    expect_text(screen[len(heard) + len(perhaps) + 2:], glucose_edited_to_6_8("glucose six point two after"))
    expect(s.rows("SELECT source, audio_file, text FROM utterance"), [("voice", "utt1-v1.wav", "glucose six point two after dinner")])
    stored = json.loads(s.rows("SELECT alternatives FROM utterance")[0][0])
    expect(perhaps, "  or perhaps: " + ", ".join(f'"{a}"' for a in stored))
    expect(s.rows("SELECT revision, fields ->> '$.value' FROM entry_revision ORDER BY revision"), [(1, 6.2), (2, 6.8)])

def dictate_and_learn(s):
    """dictate --review --learn: each utterance accepted as heard is kept (its audio and words)
    beside the database; once ten are kept the model is adapted to them, and the next dictate
    decodes with it."""
    fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "AudioFixtures")
    kept = os.path.join(os.path.dirname(s.db), "speaker-recordings")
    os.makedirs(kept)
    # Nine kept before: six sentences in the first fixture voice, three in the second.
    with open(os.path.join(fixtures, "fixtures.tsv")) as manifest:
        said = dict(line.rstrip("\n").split("\t")[::2] for line in manifest if "\tutterance\t" in line)
    earlier = [f"utt{n}-v1.wav" for n in range(1, 7)] + [f"utt{n}-v2.wav" for n in range(1, 4)]
    with open(os.path.join(kept, "recordings.tsv"), "w") as listed:
        for name in earlier:
            with open(os.path.join(fixtures, name), "rb") as source, open(os.path.join(kept, name), "wb") as copy:
                copy.write(source.read())
            listed.write(f"{name}\t{said[name]}\n")
    stream = os.path.join(fixtures, "stream3.wav")
    # The grammar search: these espeak-ng voices are heard better by it than by the n-gram pass.
    s.spawn(["dictate", "--review", "--learn", "--search", "grammar", "--audio", stream, "--now", NOW, "--db", s.db], timeout=120)
    s.answer(STORE, "e")  # edited: what was said is not known, so it is not kept
    s.answer("Edit: ", "value 6.8")
    s.answer(STORE, "y")
    s.answer(STORE, "y")
    s.answer(STORE, "y")
    expect(s.finish(), (0, None))
    screen = s.screen().replace(os.path.dirname(s.db), "<FOLDER>")
    expect("Kept 2 recordings for learning your voice (11 in all, in <FOLDER>/speaker-recordings)." in screen, True)
    expect("Adapted to 11 of 11 recordings; written to <FOLDER>/speaker-model." in screen, True)
    with open(os.path.join(kept, "recordings.tsv")) as listed:
        lines = [line.rstrip("\n").split("\t") for line in listed]
    # Kept with the words heard (the recogniser may hear these espeak-ng renditions with a slip,
    # "a mild headache this morning"): the second and third utterances, accepted as heard.
    heard = re.findall(r'Heard "([^"]*)"', screen)
    expect([sentence for _, sentence in lines[9:]], heard[1:3])
    expect(heard[1].startswith("blood pressure one twenty over") and heard[2].endswith("mild headache this morning"), True)
    for name, _ in lines[9:]:
        with wave.open(os.path.join(kept, name)) as recording:
            expect((recording.getframerate(), recording.getnchannels(), recording.getsampwidth()), (16000, 1, 2))
            expect(1.0 < recording.getnframes() / 16000 < 4.0, True)
    s.spawn(["dictate", "--review", "--audio", os.path.join(fixtures, "utt1-v1.wav"), "--now", NOW, "--db", s.db], timeout=60)
    s.answer(STORE, "n")
    expect(s.finish(), (0, None))
    expect(s.screen().startswith("Loading the speech model\u2026 ready.\nAdapted to your voice with " + os.path.join(os.path.dirname(s.db), "speaker-model")), True)
    expect(len(s.entries()), 3)


SCENARIOS = {f.__name__.replace("_", "-"): f for f in [
    accept, edit_then_accept, edit_to_infeasible, skip, quit_half_way, retype_and_edit_one_of_two,
    history_recalls_an_edit, interrupted, end_of_input, not_a_terminal, yes_at_a_terminal,
    dictate_and_correct, dictate_and_learn]}


class Mismatch(Exception):
    pass


def expect(actual, expected):
    if actual != expected:
        raise Mismatch(f"expected {expected!r}\n     got {actual!r}")


def expect_text(actual, expected):
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "pinned", "shown")
        raise Mismatch("the screen differs from the pinned text:\n" + "".join(diff))


def expect_screen(session, expected):
    expect_text(session.screen(), expected)


def main():
    binary, name = sys.argv[1], sys.argv[2]
    if name not in SCENARIOS:
        sys.exit(f"no scenario '{name}'; there are: {', '.join(SCENARIOS)}")
    with tempfile.TemporaryDirectory(prefix="voicelog-review-") as folder:
        session = Session(binary, folder, [])
        try:
            SCENARIOS[name](session)
        except (Mismatch, AssertionError, pexpect.ExceptionPexpect) as error:
            print(f"{name}: {type(error).__name__}: {error}")
            print("--- screen so far ---\n" + session.screen() if session.child else "")
            sys.exit(1)
    print(f"{name}: ok")


if __name__ == "__main__":
    main()
