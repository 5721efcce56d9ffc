import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// Stores each `ok` result as one utterance (unless there is no database: a dry run) and
/// writes one result per utterance, as text or as the contract's JSON line.
struct UtteranceRecorder {
    let pipeline: EntryPipeline
    let database: (any EntryStore)?
    let source: UtteranceSource
    let format: OutputFormat
    let renderer: ResultRenderer

    /// Stores and reports one result; `extra` members are added to its JSON line.
    @discardableResult
    func record(_ result: ParseResult, referenceTime: LocalDateTime, alternatives: [String] = [],
                audioFile: String? = nil, extra: [(key: String, value: JSONValue)] = []) -> StoreOutcome? {
        let logged = LoggedResult(result: result, outcome: database.map {
            pipeline.store(result, in: $0, source: source, referenceTime: referenceTime,
                           alternatives: alternatives, audioFile: audioFile)
        })
        switch format {
        case .jsonl, .json: print(logged.json(extra: extra).serialized())
        case .text: print(renderer.render(result) + text(logged.outcome), terminator: "")
        }
        return logged.outcome
    }

    private func text(_ outcome: StoreOutcome?) -> String {
        switch outcome {
        case .stored(let utterance)?: "  " + renderer.colors.dim("stored as utterance \(utterance.id)") + "\n"
        case .failed(let error)?: "  \(renderer.colors.red("✗")) \(error.description)\n"
        case .notStored?, nil: ""
        }
    }
}
