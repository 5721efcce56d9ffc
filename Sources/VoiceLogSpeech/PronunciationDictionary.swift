import Foundation

/// Pronunciations for exactly the words a grammar uses, taken from the model's full
/// dictionary and from a small file of the caller's own (which wins where both have a word).
///
/// A decoder loaded with this small dictionary starts in about 0.01 s instead of 0.1 s for
/// the whole CMUdict, with the same accuracy.
public struct PronunciationDictionary: Sendable, Equatable {
    /// Each word with its pronunciations (phones separated by spaces), in the order given.
    public private(set) var entries: [(word: String, pronunciations: [String])]

    /// Looks up `words` (case-insensitively) in `base`, then in `extra`.
    ///
    /// - Throws: `SpeechError.missingPronunciations` naming every word found in neither,
    ///   `SpeechError.unreadablePronunciations` for a file that cannot be read or parsed.
    public init(words: [String], base: URL, extra: URL? = nil) throws {
        let wanted = Set(words.map { $0.lowercased() })
        var found: [String: [String]] = [:]
        if let extra {
            found = try Self.read(extra, keeping: wanted)
        }
        for (word, phones) in try Self.read(base, keeping: wanted.subtracting(found.keys)) {
            found[word] = phones
        }
        let missing = words.filter { found[$0.lowercased()] == nil }
        guard missing.isEmpty else { throw SpeechError.missingPronunciations(words: missing) }
        entries = words.map { ($0, found[$0.lowercased()]!) }
    }

    /// The first pronunciation of each of `words` (lowercased) that `base` or `extra` has,
    /// `extra`'s where both have it: for telling which words sound the same.
    ///
    /// - Throws: `SpeechError.unreadablePronunciations` for a file that cannot be read or parsed.
    public static func firstPronunciations(of words: Set<String>, base: URL, extra: URL? = nil) throws -> [String: String] {
        let wanted = Set(words.map { $0.lowercased() })
        var first = try read(base, keeping: wanted).mapValues { $0[0] }
        if let extra {
            first.merge(try read(extra, keeping: wanted).mapValues { $0[0] }) { $1 }
        }
        return first
    }

    /// The dictionary in CMUdict format, alternatives written as `word(2)`.
    public var text: String {
        var lines: [String] = []
        for (word, pronunciations) in entries {
            for (index, phones) in pronunciations.enumerated() {
                lines.append((index == 0 ? word : "\(word)(\(index + 1))") + " " + phones)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.word == $1.word && $0.pronunciations == $1.pronunciations }
    }

    /// Reads the pronunciations of the `wanted` words (lowercased) from a CMUdict-format file.
    private static func read(_ url: URL, keeping wanted: Set<String>) throws -> [String: [String]] {
        guard !wanted.isEmpty else { return [:] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SpeechError.unreadablePronunciations(path: url.path, reason: "the file cannot be opened")
        }
        // Compare bytes first: almost none of CMUdict's 135 000 lines are wanted, and making
        // a String of each would cost 0.1 s.
        let wantedBytes = Set(wanted.map { Array($0.utf8) })
        var found: [String: [String]] = [:]
        var lineNumber = 0
        var head: [UInt8] = []
        let bytes = [UInt8](data)
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            guard let space = line.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) else {
                if line.contains(where: { $0 > 0x20 }) {
                    throw SpeechError.unreadablePronunciations(
                        path: url.path, reason: "line \(lineNumber) has a word but no phones")
                }
                continue
            }
            var word = line[line.startIndex..<space]
            if word.last == UInt8(ascii: ")"), let open = word.lastIndex(of: UInt8(ascii: "(")) {
                word = word[word.startIndex..<open]  // word(2) is a second pronunciation of word
            }
            head.removeAll(keepingCapacity: true)
            for byte in word { head.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) }
            guard wantedBytes.contains(head),
                  let name = String(bytes: head, encoding: .utf8),
                  let rest = String(bytes: line[space...], encoding: .utf8)
            else { continue }
            let phones = rest.split(separator: "#", maxSplits: 1).first.map {
                $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            } ?? ""
            guard !phones.isEmpty else {
                throw SpeechError.unreadablePronunciations(
                    path: url.path, reason: "line \(lineNumber) has a word but no phones")
            }
            found[name, default: []].append(phones)
        }
        return found
    }
}
