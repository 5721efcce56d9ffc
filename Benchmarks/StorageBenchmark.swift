import Foundation
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogStorage

/// Entries committed per second through `AppDatabase`, in one transaction for the whole batch
/// and in one transaction per utterance, against raw sqlite3 inserts of the same rows into
/// the same schema, measured in the same run. Every file's row counts are checked.
///
/// Run with `swift run -c release voicelog-bench storage`.
enum StorageBenchmark {
    static let utteranceCount = 2_000

    static func run() throws {
        let now = LocalDateTime(iso: "2026-11-21T10:00:00")!
        let parser = UtteranceParser(grammar: BundledGrammar.grammar)
        let checker = FeasibilityChecker(grammar: BundledGrammar.grammar)
        let utterances = (0..<utteranceCount).map { index in
            Utterance(parser.parse("glucose 6.\(index % 10) and took \(index % 9 + 1) units of insulin", now: now),
                      source: .batch, referenceTime: now)
        }
        let rows = utterances.map { utterance in
            RawSQLiteWriter.Row(text: utterance.text, referenceTime: utterance.referenceTime.description,
                                entries: utterance.entries.map { entry in
                                    (entry.kind, entry.time.description,
                                     JSONValue.object(entry.fields.map { ($0.name, $0.value.json) }).serialized())
                                })
        }
        let entryCount = utterances.reduce(0) { $0 + $1.entries.count }
        guard entryCount == utteranceCount * 2 else { throw BenchmarkError("the transcript did not parse into 2 entries a line") }

        let folder = FileManager.default.temporaryDirectory.path + "/voicelog-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var fileNumber = 0
        func freshDatabase() throws -> AppDatabase {
            fileNumber += 1
            return try AppDatabase.open(path: "\(folder)/bench-\(fileNumber).sqlite", checker: checker)
        }

        print("Storage: \(utteranceCount) utterances, \(entryCount) entries, WAL, synchronous FULL")
        let rawBatch = try measure(entryCount, in: freshDatabase) { database in
            let writer = try RawSQLiteWriter(path: database.path)
            try writer.execute("BEGIN IMMEDIATE")
            for row in rows { try writer.insert(row) }
            try writer.execute("COMMIT")
        }
        let storeBatch = try measure(entryCount, in: freshDatabase) { database in
            try database.commit(utterances)
        }
        let rawEach = try measure(entryCount, in: freshDatabase) { database in
            let writer = try RawSQLiteWriter(path: database.path)
            for row in rows {
                try writer.execute("BEGIN IMMEDIATE")
                try writer.insert(row)
                try writer.execute("COMMIT")
            }
        }
        let storeEach = try measure(entryCount, in: freshDatabase) { database in
            for utterance in utterances { try database.commit(utterance) }
        }
        report("one transaction, raw sqlite3", rawBatch, baseline: rawBatch)
        report("one transaction, AppDatabase", storeBatch, baseline: rawBatch)
        report("a transaction per utterance, raw sqlite3", rawEach, baseline: rawEach)
        report("a transaction per utterance, AppDatabase", storeEach, baseline: rawEach)
    }

    /// Runs `body` on three fresh databases (opened and migrated before timing); the best
    /// time in seconds. Checks the rows each run left.
    private static func measure(_ entryCount: Int, in freshDatabase: () throws -> AppDatabase,
                                _ body: (AppDatabase) throws -> Void) throws -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let database = try freshDatabase()
            let start = DispatchTime.now().uptimeNanoseconds
            try body(database)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            let counts = try database.counts()
            guard counts == (utteranceCount, entryCount, entryCount) else {
                throw BenchmarkError("expected \(utteranceCount) utterances and \(entryCount) entries and revisions, found \(counts)")
            }
        }
        return best
    }

    private static func report(_ label: String, _ seconds: Double, baseline: Double) {
        let perSecond = Double(utteranceCount * 2) / seconds
        let padded = label.padding(toLength: 44, withPad: " ", startingAt: 0)
        print("\(padded) \(String(format: "%9.0f", perSecond)) entries/s  \(String(format: "%7.3f", seconds)) s  x\(String(format: "%.2f", seconds / baseline)) of raw")
    }
}
