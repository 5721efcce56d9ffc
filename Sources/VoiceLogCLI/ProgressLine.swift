import Foundation

/// A line on standard error that says how far long work has got: done of total, the rate,
/// and the time left ("  1,200/10,000 lines  850/s  about 10 s left"). Drawn only when
/// standard error is a terminal (see `besideResults`), at most five times a second, and cleared when done, so
/// that output piped or logged stays clean.
final class ProgressLine {
    private let total: Int?
    private let unit: String
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private var done = 0
    private let enabled: Bool

    /// - Parameters:
    ///   - unit: what is counted ("lines", "files").
    ///   - enabled: whether to draw (by default, when standard error is a terminal).
    ///   - total: how many units there are, when known; asked only when the line is drawn.
    init(unit: String, enabled: Bool = isatty(STDERR_FILENO) == 1, total: () -> Int?) {
        self.unit = unit
        self.enabled = enabled
        self.total = enabled ? total() : nil
    }

    /// A line for work that writes each result to standard output: drawn only when that goes
    /// elsewhere (a file, a pipe), since on the terminal the results themselves show progress
    /// and the line would run into them.
    static func besideResults(unit: String, total: () -> Int?) -> ProgressLine {
        ProgressLine(unit: unit, enabled: isatty(STDERR_FILENO) == 1 && isatty(STDOUT_FILENO) == 0, total: total)
    }

    /// Counts `count` more units done, redrawing the line if it is time to.
    func advance(by count: Int = 1) {
        done += count
        guard enabled, Date().timeIntervalSince(lastDrawn) >= 0.2 else { return }
        lastDrawn = Date()
        draw(Self.text(done: done, total: total, unit: unit, seconds: Date().timeIntervalSince(start)))
    }

    /// Clears the line.
    func finish() {
        guard enabled, lastDrawn != .distantPast else { return }
        draw("")
    }

    private func draw(_ text: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + text).utf8))
    }

    /// The words of the line.
    static func text(done: Int, total: Int?, unit: String, seconds: Double) -> String {
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var text = "  \(grouped(done))\(total.map { "/" + grouped($0) } ?? "") \(unit)"
        if rate > 0 { text += "  \(grouped(Int(rate.rounded())))/s" }
        if let total, rate > 0, total > done {
            text += "  about \(Int((Double(total - done) / rate).rounded(.up))) s left"
        }
        return text
    }

    private static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}

extension InputSource {
    /// How many lines the input holds, when it is a file (counted without parsing).
    func lineCount() -> Int? {
        guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var count = 0
        var last: UInt8 = 10
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            count += chunk.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            last = chunk.last ?? last
        }
        return count + (last == 10 ? 0 : 1)
    }
}
