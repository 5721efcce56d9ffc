import Foundation
import Hummingbird
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// The `/v1` routes: utterances read, stored and undone, entries listed, corrected and
/// exported, each for the account of the caller's token.
struct EntryAPI: Sendable {
    let pipeline: EntryPipeline
    let store: ServiceStore
    let metrics: ServiceMetrics
    let limits: BodyLimits
    let speech: SpeechTranscriber?

    func addRoutes(to group: RouterGroup<ServiceContext>) {
        group.post("parse", use: parse)
        group.post("utterances", use: logUtterance)
        group.delete("utterances/:id", use: undoUtterance)
        group.get("entries", use: listEntries)
        group.patch("entries/:id", use: editEntry)
        group.get("export", use: export)
    }

    /// `POST /v1/parse {"text", "now"?}`: the result, nothing stored.
    @Sendable func parse(_ request: Request, context: ServiceContext) async throws -> Response {
        _ = try context.requireAccount()
        let body = try await JSONBody(request, limit: limits.json, allowed: ["text", "now"])
        let result = pipeline.parse(try body.string("text"), now: try body.referenceTime())
        metrics.countResult(result.status, route: "parse")
        return .json(result.json)
    }

    /// `POST /v1/utterances`: a JSON `{"text", "now"?}` or a WAV body, read, checked and, when
    /// `ok`, stored in one transaction: 201 with `utterance_id`; otherwise 422, nothing stored.
    @Sendable func logUtterance(_ request: Request, context: ServiceContext) async throws -> Response {
        let account = try context.requireAccount()
        let result: ParseResult
        let now: LocalDateTime
        var alternatives: [String] = []
        var extra: [(key: String, value: JSONValue)] = []
        if request.headers[.contentType]?.lowercased().hasPrefix("audio/") == true {
            guard let speech else { throw APIProblem(.unsupportedMediaType, "This server was started without speech; send {\"text\": ...} as application/json.") }
            now = SystemClock.now()
            let transcript = try await speech.transcribe(request, limit: limits.audio)
            result = pipeline.parse(transcript, now: now)
            alternatives = transcript.alternatives
            extra = [("transcript", .object(transcript.jsonMembers))]
        } else {
            let body = try await JSONBody(request, limit: limits.json, allowed: ["text", "now"])
            now = try body.referenceTime()
            result = pipeline.parse(try body.string("text"), now: now)
        }
        metrics.countResult(result.status, route: "utterances")
        guard result.status == .ok else {
            return .json(LoggedResult(result: result, outcome: .notStored).json(extra: extra), status: .unprocessableContent)
        }
        let source: UtteranceSource = extra.isEmpty ? .typed : .voice
        let (pipeline, heard) = (pipeline, alternatives)
        let outcome = try await store.run(as: account) {
            pipeline.store(result, in: $0, source: source, referenceTime: now, alternatives: heard)
        }
        let logged = LoggedResult(result: result, outcome: outcome)
        switch outcome {
        case .stored:
            metrics.countStored()
            return .json(logged.json(extra: extra), status: .created)
        case .failed(let error):
            metrics.countStoreFailure()
            var problem = error.problem
            problem.extra = [("result", logged.json(extra: extra))]
            throw problem
        case .notStored:
            return .json(logged.json(extra: extra), status: .unprocessableContent)
        }
    }

    /// `DELETE /v1/utterances/{id}`: undone as `voicelog undo` does (kept, marked, its entries
    /// no longer listed).
    @Sendable func undoUtterance(_ request: Request, context: ServiceContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try Self.id(context, "utterance")
        let undone = try await storing { try await store.run(as: account) { try $0.undo(utteranceID: id, at: Date()) } }
        return .json(.object([
            ("utterance_id", .number(Double(undone.id))), ("text", .string(undone.text)), ("undone", .bool(true)),
            ("entries", .array(undone.entries.map { $0.json() })),
        ]))
    }

    /// `GET /v1/entries?kind=&since=&until=&limit=&cursor=`: the caller's entries in time
    /// order, a page at a time.
    @Sendable func listEntries(_ request: Request, context: ServiceContext) async throws -> Response {
        let account = try context.requireAccount()
        let parameters = request.uri.queryParameters
        func query(_ name: String) -> String? { parameters.get(name) }
        let kind = query("kind")
        if let kind, pipeline.grammar.kind(named: kind) == nil {
            throw APIProblem(.badRequest, "'\(kind)' is not a kind of entry. The kinds are: \(pipeline.grammar.kinds.map(\.name).sorted().joined(separator: ", ")).")
        }
        let since = try localTime(query("since"), "since")
        let until = try localTime(query("until"), "until")
        let limit = try Self.limit(query("limit"))
        // An empty cursor is the first page's.
        let after = try query("cursor").flatMap { $0.isEmpty ? nil : try EntryCursor(text: $0) }
        let page = try await storing {
            try await store.run(as: account) {
                try $0.entries(kind: kind, since: since, until: until, after: after?.position, limit: limit + 1)
            }
        }
        let shown = page.prefix(limit)
        let next: JSONValue = page.count > limit ? shown.last.map { .string(EntryCursor(entry: $0).text) } ?? .null : .null
        return .json(.object([("entries", .array(shown.map { $0.json() })), ("next", next)]))
    }

    /// `PATCH /v1/entries/{id} {"edit", "now"?}`: a new revision, read by the grammar and
    /// checked by the same rules.
    @Sendable func editEntry(_ request: Request, context: ServiceContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try Self.id(context, "entry")
        let body = try await JSONBody(request, limit: limits.json, allowed: ["edit", "now"])
        let edit = try body.string("edit")
        let now = try body.referenceTime()
        let editor = pipeline.editor
        let edited = try await storing {
            try await store.run(as: account) { try $0.edit(entryID: id, applying: edit, editor: editor, now: now, at: Date()) }
        }
        return .json(edited.json())
    }

    /// `GET /v1/export?format=csv|jsonl|nightscout|fhir`: the caller's log as `voicelog export` writes it.
    @Sendable func export(_ request: Request, context: ServiceContext) async throws -> Response {
        let account = try context.requireAccount()
        let format = request.uri.queryParameters.get("format") ?? "csv"
        switch format {
        case "csv":
            let entries = try await storing { try await store.run(as: account) { try $0.entries() } }
            return .text(EntryTable(entries: entries, withOffsets: true).csv(), contentType: "text/csv; charset=utf-8")
        case "nightscout":
            let entries = try await storing { try await store.run(as: account) { try $0.entries() } }
            return .text(NightscoutTreatments(entries: entries).render().json, contentType: "application/json")
        case "fhir":
            let entries = try await storing { try await store.run(as: account) { try $0.entries() } }
            let bundle = FHIRBundle(entries: entries, timestamp: SystemClock.nowWithOffset()).render().json
            return .text(bundle, contentType: "application/fhir+json")
        case "jsonl":
            let lines = try await storing {
                try await store.run(as: account) { database in
                    var lines: [String] = []
                    try database.writeBackup { lines.append($0) }
                    return lines
                }
            }
            return .text(lines.map { $0 + "\n" }.joined(), contentType: "application/jsonl")
        default:
            throw APIProblem(.badRequest, "'format' must be csv, jsonl, nightscout or fhir, not '\(format)'.")
        }
    }

    /// Runs a store call, answering its refusals and failures as problems.
    private func storing<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as StorageError {
            if error.status == .serviceUnavailable { metrics.countStoreFailure() }
            throw error.problem
        }
    }

    private static func id(_ context: ServiceContext, _ what: String) throws -> Int64 {
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
            throw APIProblem(.notFound, "There is no \(what) '\(context.parameters.get("id") ?? "")': ids are whole numbers from 1.")
        }
        return id
    }

    /// At most 1000 a page; 100 unless asked.
    private static func limit(_ text: String?) throws -> Int {
        guard let text else { return 100 }
        guard let limit = Int(text), (1...1000).contains(limit) else {
            throw APIProblem(.badRequest, "'limit' must be a whole number from 1 to 1000, not '\(text)'.")
        }
        return limit
    }
}

/// Where the next page of entries starts, as an opaque string: the last entry's time and id.
struct EntryCursor {
    let position: EntryPosition

    init(entry: StoredEntry) {
        position = EntryPosition(time: entry.entry.time, id: entry.id)
    }

    init(text: String) throws {
        guard let data = Data(base64URLEncoded: text), let decoded = String(data: data, encoding: .utf8),
              let space = decoded.firstIndex(of: " "), let time = LocalDateTime(iso: String(decoded[..<space])),
              let id = Int64(decoded[decoded.index(after: space)...])
        else { throw APIProblem(.badRequest, "'cursor' is not one this server gave: pass the 'next' of the page before as it was.") }
        position = EntryPosition(time: time, id: id)
    }

    var text: String {
        Data("\(position.time.description) \(position.id)".utf8).base64URLEncoded
    }
}
