extension SpeechError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .modelNotFound(let path):
            return "PocketSphinx model not found at \(path); install it with "
                + "`apt-get install pocketsphinx-en-us` or pass the right path in SpeechModel."
        case .unreadablePronunciations(let path, let reason):
            return "cannot read pronunciations from \(path): \(reason). Each line should be a "
                + "word and its phones, e.g. `paracetamol P AE R AH S IY T AH M AA L`."
        case .missingPronunciations(let words):
            return "no pronunciation for \(words.joined(separator: ", ")); add a line per word "
                + "to the pronunciations file, e.g. `\(words.first ?? "word") P AE R …` "
                + "(phones from the model's phone set)."
        case .invalidGrammar(let reason, let log):
            return "the speech grammar cannot be used: \(reason)" + Self.logSuffix(log)
        case .decoderSetupFailed(let reason, let log):
            return "cannot start the PocketSphinx decoder: \(reason)" + Self.logSuffix(log)
        case .decodingFailed(let operation, let log):
            return "PocketSphinx failed in \(operation)" + Self.logSuffix(log)
        case .noRecorder(let searched):
            return "no audio recorder found (looked for parec and arecord in "
                + "\(searched.joined(separator: ":"))); install one with "
                + "`apt-get install pulseaudio-utils` or `apt-get install alsa-utils`, "
                + "or pipe 16 kHz mono S16LE audio on standard input."
        case .recorderFailed(let command, let status, let output):
            let detail = output.isEmpty ? "" : " (\(output))"
            return "No microphone could be opened: `\(command)` stopped with exit status \(status)\(detail). "
                + "Check that a microphone is connected and the sound server is running."
        case .adaptationToolMissing(let path):
            return "speaker adaptation needs \(path), which is not installed; install it with "
                + "`apt-get install sphinxtrain sphinxbase-utils pocketsphinx`."
        case .adaptationFailed(let reason):
            return "cannot adapt to the speaker: \(reason)."
        case .unreadableSpeakerAdaptation(let path, let reason):
            return "the speaker adaptation \(path) cannot be used: \(reason). "
                + "Make it again with `voicelog adapt`, or do without it (--no-adaptation)."
        }
    }

    private static func logSuffix(_ log: [DecoderLogMessage]) -> String {
        let problems = log.filter { $0.level >= .warning }
        guard !problems.isEmpty else { return "" }
        return "\n" + problems.map { "  " + $0.text }.joined(separator: "\n")
    }
}
