import ArgumentParser
import Foundation
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// `voicelog report`: one self-contained HTML page of the log (charts, summary, medicines), to
/// look at, print or send to a doctor; `--pdf` prints it with a headless browser.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a one-page HTML report of the log (glucose, blood pressure, feeds, symptoms, medicines), or a PDF of it."
    )

    @OptionGroup var storage: StorageOptions

    @Option(name: .long, help: ArgumentHelp("Only entries at or after this local ISO 8601 time.", valueName: "ISO"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("Only entries before this local ISO 8601 time.", valueName: "ISO"))
    var until: String?

    @Option(name: .long, help: ArgumentHelp("The HTML file to write (default: standard output).", valueName: "FILE"))
    var out: String?

    @Option(name: .long, help: ArgumentHelp("Also print the report to this PDF file, with a headless Chromium.", valueName: "FILE"))
    var pdf: String?

    func validate() throws {
        for (name, value) in [("since", since), ("until", until)] {
            if let value, LocalDateTime(iso: value) == nil {
                throw ValidationError("'--\(name) \(value)' is not a local ISO 8601 time such as 2026-11-21T00:00:00.")
            }
        }
    }

    func run() throws {
        let from = since.flatMap(LocalDateTime.init(iso:))
        let to = until.flatMap(LocalDateTime.init(iso:))
        let entries = try storage.openStore().entries(kind: nil, since: from, until: to, after: nil, limit: nil)
        let period = Self.describe(from: from, to: to, entries: entries)
        let html = HealthReport(entries: entries, period: period, generatedAt: SystemClock.nowWithOffset()).html()
        if let out {
            try Data(html.utf8).write(to: URL(fileURLWithPath: out))
        } else if pdf == nil {
            try StandardOutput.write(html)
        }
        if let pdf { try Self.printToPDF(html, pdf) }
    }

    /// "1 Nov 2026 to 21 Nov 2026": the range asked for, else that of the entries.
    static func describe(from: LocalDateTime?, to: LocalDateTime?, entries: [StoredEntry]) -> String {
        let first = from ?? entries.first?.entry.time
        let last = to?.adding(seconds: -1) ?? entries.last?.entry.time
        guard let first, let last else { return "everything stored" }
        return "\(HealthReport.day(first.dayNumber)) to \(HealthReport.day(last.dayNumber))"
    }

    /// Prints the page with Debian's Chromium (or Chrome) without a window.
    static func printToPDF(_ html: String, _ path: String) throws {
        let names = ["chromium", "chromium-browser", "google-chrome"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        guard let browser = names.lazy.flatMap({ name in folders.map { "\($0)/\(name)" } })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            throw CLIError("--pdf needs a headless browser and none was found (chromium, chromium-browser or google-chrome). Install Debian's chromium (apt-get install chromium), or write the HTML with --out and print it from any browser.")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-report-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try Data(html.utf8).write(to: page)
        let target = URL(fileURLWithPath: path).standardizedFileURL.path
        // Chromium's sandbox does not run as root.
        let sandbox = geteuid() == 0 ? ["--no-sandbox"] : []
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--disable-gpu", "--no-pdf-header-footer", "--user-data-dir=\(folder.path)/profile",
                             "--print-to-pdf=\(target)"] + sandbox + [page.absoluteString]
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: target) else {
            throw CLIError("\(browser) could not print the report to \(path) (exit status \(process.terminationStatus)): \(said.suffix(400))")
        }
    }
}
