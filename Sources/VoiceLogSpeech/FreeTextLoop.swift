/// Free text inside a grammar: a loop of one-phone words that can follow any speech.
///
/// A grammar rule ending in the loop ("note <free_text>") keeps its grammar path for the
/// words before it and marks where the free words lie; the recognizer then reads those
/// words with the general language model (`FreeTextDecoder`).
///
/// Each loop word carries a JSGF weight against the word insertion penalty, else the decoder
/// would rather force grammar words onto the speech; too much, and speech the grammar could
/// say but hears poorly becomes a note. Measured with the whole VoiceLog grammar, as a stream
/// (`pocketsphinx_continuous`), on 24 espeak-ng notes in four voices and on the 80 fixtures
/// and held-out sentences of other kinds: weight 1,000 heard 14 notes, 3,000 heard 15, and
/// neither made any other sentence a note; 10,000 and 100,000 heard 17 and 18, but four
/// other sentences ("glucose six point two after dinner") became notes. Without weights, 8 of
/// the 24 were heard as notes as whole utterances. `FreeTextDictationTests` has the figures.
public enum FreeTextLoop {
    /// JSGF weight of each phone word.
    static let weight = 3_000
    private static let prefix = "free_"

    /// The phones of US English acoustic models trained on CMUdict (Debian's `en-us`).
    public static let englishPhones = [
        "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH",
        "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH",
        "UH", "UW", "V", "W", "Y", "Z", "ZH",
    ]

    /// A JSGF expression for one or more phones: the body of a free-text rule.
    public static func jsgf(phones: [String] = englishPhones) -> String {
        "(" + phones.map { "/\(weight)/ \(word(for: $0))" }.joined(separator: " | ") + ")+"
    }

    /// The loop's words with their one-phone pronunciations, in CMUdict format.
    public static func pronunciations(phones: [String] = englishPhones) -> String {
        phones.map { "\(word(for: $0)) \($0)\n" }.joined()
    }

    /// Whether a recognized word belongs to the loop, i.e. is a stretch of free speech.
    public static func isLoopWord(_ word: String) -> Bool {
        word.hasPrefix(prefix)
    }

    private static func word(for phone: String) -> String {
        prefix + phone.lowercased()
    }
}
