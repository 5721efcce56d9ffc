import VoiceLogCore

/// What became of one utterance at the review prompt.
enum ReviewDecision: Equatable {
    /// Stored as understood.
    case accepted
    /// Stored after an edit or after typing it again.
    case edited
    /// Not stored, by the user's choice.
    case skipped
    /// Not stored and not asked about: it was not `ok` and no one was at the prompt.
    case notStored(ParseResult.Status)
    /// The user quit (or input ended); nothing more is reviewed.
    case quit
    /// Storing it failed (the message was shown): the words to store again, and why.
    case failed(text: String, reason: String)
}
