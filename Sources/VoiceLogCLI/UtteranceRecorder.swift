import VoiceLogCore
import VoiceLogStorage

/// Stores each `ok` result as one utterance (unless there is no database: a dry run) and
/// writes one result per utterance, as text or as the contract's JSON line.
struct UtteranceRecorder {
    let database: AppDatabase?
    let source: UtteranceSource
    let format: OutputFormat
    let renderer: ResultRenderer

    /// What became of an utterance: stored, not stored (not `ok`), or refused by storage.
    enum Outcome {
        case stored(StoredUtterance)
        case notStored
        case failed(String)
    }

    /// Stores and reports one result; `extra` members are added to its JSON line.
    @discardableResult
    func record(_ result: ParseResult, referenceTime: LocalDateTime, alternatives: [String] = [],
                audioFile: String? = nil, extra: [(key: String, value: JSONValue)] = []) -> Outcome? {
        let outcome = database.map { database -> Outcome in
            guard result.status == .ok else { return .notStored }
            do {
                let utterance = Utterance(result, source: source, referenceTime: referenceTime,
                                          alternatives: alternatives, audioFile: audioFile)
                return .stored(try database.commit(utterance))
            } catch {
                return .failed(String(describing: error))
            }
        }
        switch format {
        case .jsonl, .json: print(json(result, outcome, extra).serialized())
        case .text: print(renderer.render(result) + text(outcome), terminator: "")
        }
        return outcome
    }

    /// The contract's result object, plus `stored`, `utterance_id` and `store_error` when storing.
    private func json(_ result: ParseResult, _ outcome: Outcome?, _ extra: [(key: String, value: JSONValue)]) -> JSONValue {
        guard case .object(var members) = result.json else { return result.json }
        members += extra
        switch outcome {
        case .stored(let utterance)?:
            members += [("stored", .bool(true)), ("utterance_id", .number(Double(utterance.id))),
                        ("entry_ids", .array(utterance.entries.map { .number(Double($0.id)) }))]
        case .notStored?:
            members.append(("stored", .bool(false)))
        case .failed(let message)?:
            members += [("stored", .bool(false)), ("store_error", .string(message))]
        case nil:
            break
        }
        return .object(members)
    }

    private func text(_ outcome: Outcome?) -> String {
        switch outcome {
        case .stored(let utterance)?: "  " + renderer.colors.dim("stored as utterance \(utterance.id)") + "\n"
        case .failed(let message)?: "  \(renderer.colors.red("✗")) \(message)\n"
        case .notStored?, nil: ""
        }
    }
}
