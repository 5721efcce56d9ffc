import Foundation
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogStorage

/// The path every front end shares, from the words to the store: the words read by the
/// grammar and checked against the feasibility rules, and an `ok` result stored as one
/// utterance in one transaction. Anything else is reported and nothing is stored.
///
/// The command line and the service each hold one; it keeps no state between utterances.
public struct EntryPipeline: Sendable {
    public let grammar: Grammar
    public let parser: UtteranceParser
    /// Reads corrections of stored entries ("value 6.8") with the same grammar.
    public let editor: EntryEditor

    public init(grammar: Grammar = BundledGrammar.grammar) {
        self.grammar = grammar
        self.parser = UtteranceParser(grammar: grammar)
        self.editor = EntryEditor(parser: parser)
    }

    /// The checked result for `text`, nothing stored.
    public func parse(_ text: String, now: LocalDateTime) -> ParseResult {
        parser.parse(text, now: now)
    }

    /// Stores an `ok` result as one utterance; any other result is not stored.
    public func store(_ result: ParseResult, in database: any EntryStore, source: UtteranceSource,
                      referenceTime: LocalDateTime, alternatives: [String] = [], audioFile: String? = nil) -> StoreOutcome {
        guard result.status == .ok else { return .notStored }
        do {
            let utterance = Utterance(result, source: source, referenceTime: referenceTime,
                                      alternatives: alternatives, audioFile: audioFile)
            return .stored(try database.commit(utterance, at: Date()))
        } catch let error as StorageError {
            return .failed(error)
        } catch {
            return .failed(.database(path: database.location, message: String(describing: error)))
        }
    }
}

/// What became of an utterance offered to the store.
public enum StoreOutcome: Sendable {
    case stored(StoredUtterance)
    /// Not `ok`, so not offered.
    case notStored
    /// The store refused it or failed; nothing of it was written.
    case failed(StorageError)
}

/// A result and, unless it was a dry run, what became of it.
public struct LoggedResult: Sendable {
    public let result: ParseResult
    public let outcome: StoreOutcome?

    public init(result: ParseResult, outcome: StoreOutcome?) {
        self.result = result
        self.outcome = outcome
    }

    /// The contract's result object with `extra` members, then `stored`, `utterance_id`,
    /// `entry_ids` and `store_error` as they apply.
    public func json(extra: [(key: String, value: JSONValue)] = []) -> JSONValue {
        guard case .object(var members) = result.json else { return result.json }
        members += extra
        switch outcome {
        case .stored(let utterance)?:
            members += [("stored", .bool(true)), ("utterance_id", .number(Double(utterance.id))),
                        ("entry_ids", .array(utterance.entries.map { .number(Double($0.id)) }))]
        case .notStored?:
            members.append(("stored", .bool(false)))
        case .failed(let error)?:
            members += [("stored", .bool(false)), ("store_error", .string(error.description))]
        case nil:
            break
        }
        return .object(members)
    }
}
