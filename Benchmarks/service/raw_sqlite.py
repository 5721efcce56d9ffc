"""Raw baseline for the write benchmark: SQLite commits of one small row each, from one
writer, in WAL mode with synchronous=FULL as VoiceLog sets it, for SECONDS seconds."""
import os, sqlite3, sys, tempfile, time

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10
folder = tempfile.mkdtemp()
db = sqlite3.connect(os.path.join(folder, "raw.sqlite"), isolation_level=None)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA synchronous=FULL")
db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT, fields TEXT)")
count, start = 0, time.monotonic()
while time.monotonic() - start < seconds:
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO t (text, fields) VALUES (?, ?)", (f"steps {count}", '{"steps": 1}'))
    db.execute("COMMIT")
    count += 1
print(f"raw sqlite commits/s {count / (time.monotonic() - start):.0f}")
