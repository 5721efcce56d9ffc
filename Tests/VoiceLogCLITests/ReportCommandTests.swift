import Foundation
import Testing
@testable import VoiceLogCLI

/// `voicelog report` as a program: the page it writes, and that page as Debian's Chromium
/// renders it.
@Suite struct ReportCommandTests {
    static let lines = [
        "glucose 6.2 after dinner", "glucose 2.9 at 7 am", "bs 250 mg/dl at 9 pm yesterday", "glucose 11.5 at 8 am yesterday",
        "bp 135/85 hr 70", "blood pressure 128 over 82 at 8 am yesterday", "baby took 4 oz", "left 10 then right 12 at 6 am",
        "tummy ache, pretty bad, after lunch", "mild nausea at 9 am yesterday", "5u novorapid", "took 2 paracetamol",
        "note <script>alert(1)</script> & more",
    ]

    static let browser: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func report(_ lines: [String]) throws -> (folder: String, html: String) {
        let (folder, path) = try ExportCommandTests.database(lines)
        let run = try Voicelog.run(["report", "--db", path, "--out", folder + "/report.html"])
        #expect(run.status == 0, "\(run.errorText)")
        return (folder, try String(contentsOfFile: folder + "/report.html", encoding: .utf8))
    }

    @Test func thePageHoldsEachReadingAndNeedsNoNetwork() throws {
        let (folder, html) = try Self.report(Self.lines)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(html.components(separatedBy: "<circle class=\"point glucose").count - 1 == 4)
        #expect(html.components(separatedBy: "point glucose flagged").count - 1 == 3, "2.9, 13.9 (250 mg/dL) and 11.5 are out of range")
        #expect(html.components(separatedBy: "<circle class=\"point systolic").count - 1 == 2)
        #expect(html.contains("Time in range (3.9–10 mmol/L)</th><td>25 % in range, 25 % below, 50 % above"))
        #expect(html.contains("novorapid (bolus insulin)") && html.contains("paracetamol"))
        #expect(html.contains(#"</th><td><span class="chip severe">tummy ache · severe</span></td></tr>"#))
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"), "self-contained, nothing to run")
        #expect(html.contains("@page{size:A4"))
    }

    @Test func anEmptyLogIsAPageThatSaysSo() throws {
        let (folder, html) = try Self.report([])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(html.contains("No entries were stored in this period."))
        #expect(!html.contains("<svg"))
    }

    @Test(.enabled(if: browser != nil, "Debian's chromium is not installed")) func chromiumRendersItWithoutAConsoleError() throws {
        let (folder, _) = try Self.report(Self.lines)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sandbox = geteuid() == 0 ? ["--no-sandbox"] : []
        func chromium(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Self.browser))
            process.arguments = ["--headless", "--disable-gpu", "--user-data-dir=\(folder)/profile", "--enable-logging=stderr", "--v=0"]
                + sandbox + arguments + ["file://\(folder)/report.html"]
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, out, err)
        }
        let dom = try chromium(["--dump-dom"])
        #expect(dom.status == 0, "\(dom.errors.suffix(500))")
        #expect(dom.output.components(separatedBy: "<circle class=\"point glucose").count - 1 == 4, "one point per stored glucose")
        let consoleErrors = dom.errors.split(separator: "\n").filter { $0.contains("CONSOLE") }
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")
        let screenshot = try chromium(["--screenshot=\(folder)/report.png", "--window-size=800,1400", "--hide-scrollbars"])
        #expect(screenshot.status == 0, "\(screenshot.errors.suffix(500))")
        let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/report.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        let pdf = try Voicelog.run(["report", "--db", folder + "/voicelog.sqlite", "--pdf", folder + "/report.pdf"])
        #expect(pdf.status == 0, "\(pdf.errorText)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/report.pdf")).starts(with: Array("%PDF".utf8)))
    }

    @Test func pdfWithoutABrowserSaysWhatToInstall() throws {
        let (folder, path) = try ExportCommandTests.database(["glucose 6.2"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Voicelog.run(["report", "--db", path, "--pdf", folder + "/r.pdf"], environment: ["PATH": "/nonexistent"])
        #expect(run.status == 1)
        #expect(run.errorText.contains("apt-get install chromium"))
    }
}
