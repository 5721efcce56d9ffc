import Foundation
import Hummingbird
import Testing
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogService
import VoiceLogStorage

/// The HTTP API in process (its router, as the server calls it), over a real SQLite file.
@Suite struct ServiceTests {
    /// A server over a new database file with two accounts, and their tokens.
    struct Fixture {
        let server: VoiceLogServer
        let database: AppDatabase
        let alice: String
        let bob: String
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-service-\(UUID().uuidString)")
            let pipeline = EntryPipeline()
            database = try AppDatabase.open(path: folder.appendingPathComponent("log.sqlite").path,
                                            checker: FeasibilityChecker(grammar: pipeline.grammar))
            alice = try database.createToken(forAccount: "alice").token
            bob = try database.createToken(forAccount: "bob").token
            server = VoiceLogServer(pipeline: pipeline, database: database)
        }

        func test(_ body: (RouterClient) async throws -> Void) async throws {
            defer { try? FileManager.default.removeItem(at: folder) }
            try await body(RouterClient(responder: server.router().buildResponder()))
        }
    }

    static let now = "2026-11-21T10:00:00"

    static func headers(_ token: String?, json: Bool = true) -> HTTPFields {
        var fields: HTTPFields = [:]
        if let token { fields[.authorization] = "Bearer \(token)" }
        if json { fields[.contentType] = "application/json" }
        return fields
    }

    static func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    /// The body as JSON; a body that is not JSON fails the test and reads as null.
    static func json(_ response: RouterClient.Reply) -> JSONValue {
        do {
            return try JSONParser.parse(String(buffer: response.body))
        } catch {
            Issue.record("not JSON: \(String(buffer: response.body))")
            return .null
        }
    }

    static func utterance(_ text: String) -> ByteBuffer {
        body(JSONValue.object([("text", .string(text)), ("now", .string(now))]).serialized())
    }

    @Test func parseAnswersTheResultAndStoresNothing() async throws {
        let fixture = try Fixture()
        try await fixture.test { client in
            try await client.execute(uri: "/v1/parse", method: .post, headers: Self.headers(fixture.alice),
                                     body: Self.utterance("bp 135/85 hr 70")) { response in
                #expect(response.status == .ok)
                let result = Self.json(response)
                #expect(result["status"] == .string("ok"))
                #expect(result["entries"] == .array([.object([
                    ("kind", .string("blood_pressure")), ("time", .string(Self.now)),
                    ("systolic", .number(135)), ("diastolic", .number(85)), ("pulse", .number(70)),
                ])]))
            }
        }
        #expect(try fixture.database.counts().utterances == 0)
    }

    @Test func anOkUtteranceIsStoredAndAnythingElseIsNot() async throws {
        let fixture = try Fixture()
        try await fixture.test { client in
            try await client.execute(uri: "/v1/utterances", method: .post, headers: Self.headers(fixture.alice),
                                     body: Self.utterance("glucose six point two after dinner")) { response in
                #expect(response.status == .created)
                let result = Self.json(response)
                #expect(result["stored"] == .bool(true))
                #expect(result["utterance_id"] != nil)
            }
            for text in ["glucose 60 mmol/L", "fed", "the weather is nice", ""] {
                try await client.execute(uri: "/v1/utterances", method: .post, headers: Self.headers(fixture.alice),
                                         body: Self.utterance(text)) { response in
                    #expect(response.status == .unprocessableContent, "\(text)")
                    #expect(Self.json(response)["stored"] == .bool(false))
                }
            }
        }
        #expect(try fixture.database.counts().utterances == 1)
    }

    @Test func everyV1RouteNeedsAKnownToken() async throws {
        let fixture = try Fixture()
        let routes: [(String, HTTPRequest.Method)] = [
            ("/v1/parse", .post), ("/v1/utterances", .post), ("/v1/utterances/1", .delete),
            ("/v1/entries", .get), ("/v1/entries/1", .patch), ("/v1/export", .get),
        ]
        try await fixture.test { client in
            for (uri, method) in routes {
                for token in [nil, "vl_not-a-token-made-here", ""] {
                    try await client.execute(uri: uri, method: method, headers: Self.headers(token),
                                             body: Self.utterance("glucose 6.2")) { response in
                        #expect(response.status == .unauthorized, "\(method) \(uri)")
                        #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                        #expect(response.headers[.contentType] == "application/problem+json")
                    }
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(String(buffer: response.body).hasPrefix("openapi: 3"))
            }
        }
    }

    @Test func oneAccountNeverSeesOrChangesAnothersEntries() async throws {
        let fixture = try Fixture()
        try await fixture.test { client in
            let stored = try await client.execute(uri: "/v1/utterances", method: .post, headers: Self.headers(fixture.alice),
                                                  body: Self.utterance("glucose 6.2")) { Self.json($0) }
            guard case .number(let utterance)? = stored["utterance_id"], case .array(let ids)? = stored["entry_ids"],
                  case .number(let entry)? = ids.first else { Issue.record("no ids in \(stored)"); return }
            try await client.execute(uri: "/v1/entries", method: .get, headers: Self.headers(fixture.bob)) { response in
                #expect(Self.json(response)["entries"] == .array([]))
            }
            try await client.execute(uri: "/v1/entries/\(Int(entry))", method: .patch, headers: Self.headers(fixture.bob),
                                     body: Self.body(#"{"edit": "value 6.8"}"#)) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/v1/utterances/\(Int(utterance))", method: .delete, headers: Self.headers(fixture.bob)) {
                #expect($0.status == .notFound)
            }
            try await client.execute(uri: "/v1/export?format=jsonl", method: .get, headers: Self.headers(fixture.bob)) { response in
                #expect(String(buffer: response.body) == AppDatabase.backupHeader + "\n")
            }
            try await client.execute(uri: "/v1/entries", method: .get, headers: Self.headers(fixture.alice)) { response in
                guard case .array(let entries)? = Self.json(response)["entries"] else { Issue.record("no entries"); return }
                #expect(entries.count == 1)
            }
        }
    }

    @Test func anEntryIsCorrectedByTheGrammarAndTheRules() async throws {
        let fixture = try Fixture()
        try await fixture.test { client in
            let stored = try await client.execute(uri: "/v1/utterances", method: .post, headers: Self.headers(fixture.alice),
                                                  body: Self.utterance("bp 120/80")) { Self.json($0) }
            guard case .array(let ids)? = stored["entry_ids"], case .number(let id)? = ids.first else { return }
            try await client.execute(uri: "/v1/entries/\(Int(id))", method: .patch, headers: Self.headers(fixture.alice),
                                     body: Self.body(#"{"edit": "diastolic 85", "now": "2026-11-21T10:00:00"}"#)) { response in
                #expect(response.status == .ok)
                #expect(Self.json(response)["diastolic"] == .number(85))
            }
            try await client.execute(uri: "/v1/entries/\(Int(id))", method: .patch, headers: Self.headers(fixture.alice),
                                     body: Self.body(#"{"edit": "systolic 900"}"#)) { response in
                #expect(response.status == .unprocessableContent)
            }
            try await client.execute(uri: "/v1/entries/\(Int(id))", method: .patch, headers: Self.headers(fixture.alice),
                                     body: Self.body(#"{"edit": "colour blue"}"#)) { #expect($0.status == .unprocessableContent) }
        }
        let entry = try #require(try fixture.database.scoped(to: 2).entries().first)
        #expect(entry.entry["diastolic"]?.number == 85)
        #expect(try fixture.database.scoped(to: 2).revisions(ofEntry: entry.id).count == 2)
    }

    @Test func anUndoneUtterancesEntriesAreNoLongerListed() async throws {
        let fixture = try Fixture()
        try await fixture.test { client in
            let stored = try await client.execute(uri: "/v1/utterances", method: .post, headers: Self.headers(fixture.alice),
                                                  body: Self.utterance("glucose 6.2 and took 4 units of novorapid")) { Self.json($0) }
            guard case .number(let id)? = stored["utterance_id"] else { Issue.record("not stored: \(stored)"); return }
            try await client.execute(uri: "/v1/utterances/\(Int(id))", method: .delete, headers: Self.headers(fixture.alice)) { response in
                #expect(response.status == .ok)
                #expect(Self.json(response)["undone"] == .bool(true))
            }
            try await client.execute(uri: "/v1/entries", method: .get, headers: Self.headers(fixture.alice)) { response in
                #expect(Self.json(response)["entries"] == .array([]))
            }
            try await client.execute(uri: "/v1/utterances/999", method: .delete, headers: Self.headers(fixture.alice)) {
                #expect($0.status == .notFound)
            }
            try await client.execute(uri: "/v1/utterances/abc", method: .delete, headers: Self.headers(fixture.alice)) {
                #expect($0.status == .notFound)
            }
        }
    }

    @Test func entriesComeInTimeOrderAPageAtATime() async throws {
        let fixture = try Fixture()
        try await fixture.test { client in
            for hour in [9, 7, 8, 6, 5] {
                let text = JSONValue.object([("text", .string("glucose 6.\(hour) at \(hour) am")), ("now", .string(Self.now))]).serialized()
                try await client.execute(uri: "/v1/utterances", method: .post, headers: Self.headers(fixture.alice),
                                         body: Self.body(text)) { #expect($0.status == .created) }
            }
            var values: [JSONValue] = []
            var uri = "/v1/entries?kind=glucose&limit=2"
            var pages = 0
            while pages < 10 {
                let page = try await client.execute(uri: uri, method: .get, headers: Self.headers(fixture.alice)) { Self.json($0) }
                guard case .array(let entries)? = page["entries"] else { break }
                values += entries.compactMap { $0["value"] }
                pages += 1
                guard case .string(let next)? = page["next"] else { break }
                uri = "/v1/entries?kind=glucose&limit=2&cursor=\(next)"
            }
            #expect(values == [5, 6, 7, 8, 9].map { .number(6 + Double($0) / 10) })
            #expect(pages == 3)
            let since = try await client.execute(uri: "/v1/entries?since=2026-11-21T07:00:00&until=2026-11-21T09:00:00",
                                                 method: .get, headers: Self.headers(fixture.alice)) { Self.json($0) }
            #expect(since["entries"].map { if case .array(let items) = $0 { items.count } else { 0 } } == 2)
            for bad in ["kind=glucoze", "since=yesterday", "limit=0", "limit=5000", "cursor=zzz"] {
                try await client.execute(uri: "/v1/entries?\(bad)", method: .get, headers: Self.headers(fixture.alice)) { response in
                    #expect(response.status == .badRequest, "\(bad)")
                }
            }
        }
    }

    @Test func badBodiesGetAProblemThatSaysWhatToFix() async throws {
        let fixture = try Fixture()
        let cases: [(ByteBuffer, HTTPResponse.Status, String)] = [
            (Self.body("{not json"), .badRequest, "not JSON"),
            (Self.body(#"["glucose 6.2"]"#), .badRequest, "JSON object"),
            (Self.body(#"{"text": 6.2}"#), .badRequest, "'text' must be a string"),
            (Self.body(#"{"txt": "glucose 6.2"}"#), .badRequest, "Unknown member 'txt'"),
            (Self.body(#"{"now": "2026-11-21T10:00:00"}"#), .badRequest, "needs 'text'"),
            (Self.body(#"{"text": "glucose 6.2", "now": "2026-02-30T10:00:00"}"#), .badRequest, "'now'"),
            (ByteBuffer(bytes: [0x7B, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D]), .badRequest, "UTF-8"),
            (Self.body(#"{"text": ""# + String(repeating: "a", count: 5000) + #""}"#), .contentTooLarge, "larger than"),
        ]
        try await fixture.test { client in
            for (body, status, detail) in cases {
                try await client.execute(uri: "/v1/utterances", method: .post, headers: Self.headers(fixture.alice), body: body) { response in
                    #expect(response.status == status, "\(detail)")
                    #expect(response.headers[.contentType] == "application/problem+json")
                    #expect(Self.json(response)["detail"]?.stringValue?.contains(detail) == true, "\(String(buffer: response.body))")
                }
            }
            try await client.execute(uri: "/v1/utterances", method: .post,
                                     headers: [.authorization: "Bearer \(fixture.alice)", .contentType: "audio/wav"],
                                     body: Self.body("RIFF")) { response in
                #expect(response.status == .unsupportedMediaType)
            }
        }
        #expect(try fixture.database.counts().utterances == 0)
    }

    @Test func exportsAreTheCallersLogInEachFormat() async throws {
        let fixture = try Fixture()
        try await fixture.test { client in
            for text in ["glucose 6.2", "45g carbs", "note =HYPERLINK(\"x\")"] {
                try await client.execute(uri: "/v1/utterances", method: .post, headers: Self.headers(fixture.alice),
                                         body: Self.utterance(text)) { #expect($0.status == .created, "\(text)") }
            }
            try await client.execute(uri: "/v1/export", method: .get, headers: Self.headers(fixture.alice)) { response in
                #expect(response.headers[.contentType]?.hasPrefix("text/csv") == true)
                let lines = String(buffer: response.body).split(separator: "\n")
                #expect(lines.count == 4)
                #expect(lines.first.map(String.init) == EntryTable.columns.joined(separator: ","))
            }
            try await client.execute(uri: "/v1/export?format=nightscout", method: .get, headers: Self.headers(fixture.alice)) { response in
                guard case .array(let treatments) = Self.json(response) else { Issue.record("not an array"); return }
                #expect(treatments.map { $0["eventType"] } == [.string("BG Check"), .string("Carb Correction"), .string("Note")])
            }
            try await client.execute(uri: "/v1/export?format=jsonl", method: .get, headers: Self.headers(fixture.alice)) { response in
                #expect(String(buffer: response.body).split(separator: "\n").count == 4)
            }
            try await client.execute(uri: "/v1/export?format=pdf", method: .get, headers: Self.headers(fixture.alice)) {
                #expect($0.status == .badRequest)
            }
        }
    }

    @Test func metricsCountResultsInPrometheusText() async throws {
        let fixture = try Fixture()
        try await fixture.test { client in
            try await client.execute(uri: "/v1/utterances", method: .post, headers: Self.headers(fixture.alice),
                                     body: Self.utterance("glucose 6.2")) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = String(buffer: response.body)
                #expect(text.contains(#"voicelog_results_total{route="utterances",status="ok"} 1"#))
                #expect(text.contains("voicelog_utterances_stored_total 1"))
            }
        }
    }
}
