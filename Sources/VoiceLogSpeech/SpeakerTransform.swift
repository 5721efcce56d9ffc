import Foundation

/// Checks of an MLLR transform file (`SpeakerAdaptation`'s output, PocketSphinx's `-mllr`):
/// the number of classes and of feature streams, then for each class and stream the stream's
/// length n, an n×n matrix, an offset of n and a variance scale of n, all finite numbers.
enum SpeakerTransform {
    /// Throws `SpeechError.unreadableSpeakerAdaptation` unless `url` holds a whole transform.
    static func check(_ url: URL) throws {
        func fail(_ reason: String) -> SpeechError { .unreadableSpeakerAdaptation(path: url.path, reason: reason) }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw fail(FileManager.default.fileExists(atPath: url.path) ? "it is not a text file" : "there is no such file")
        }
        var numbers = text.split(whereSeparator: \.isWhitespace).makeIterator()
        func next() throws -> Double {
            guard let word = numbers.next() else { throw fail("it ends early") }
            guard let number = Double(word), number.isFinite else { throw fail("'\(word)' is not a number") }
            return number
        }
        func count() throws -> Int {
            let value = try next()
            guard let whole = Int(exactly: value), (1...1_000).contains(whole) else { throw fail("\(value) is not a count") }
            return whole
        }
        let classes = try count()
        let streams = try count()
        for _ in 0..<classes * streams {
            let length = try count()
            for _ in 0..<(length * length + 2 * length) { _ = try next() }
        }
        if let extra = numbers.next() { throw fail("'\(extra)' follows the last number") }
    }
}
