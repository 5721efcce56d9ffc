import Testing
@testable import VoiceLogCLI

/// What a shell user gets besides the commands: the version and completion scripts.
@Suite struct ShellIntegrationTests {
    @Test func theVersionIsPrinted() throws {
        let run = try Voicelog.run(["--version"])
        #expect(run.status == 0)
        #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == VoiceLogCommand.version)
    }

    /// Each shell's script names the commands, so `voicelog ed<Tab>` completes.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) throws {
        let run = try Voicelog.run(["--generate-completion-script", shell])
        #expect(run.status == 0, "\(run.errorText)")
        for command in ["batch", "dictate", "export", "edit", "delete"] {
            #expect(run.output.contains(command), "\(shell) completion lacks \(command)")
        }
    }
}

/// Long work shows where it is on a terminal, and nothing otherwise.
@Suite struct ProgressLineTests {
    @Test func theLineSaysDoneTotalRateAndTimeLeft() {
        #expect(ProgressLine.text(done: 1200, total: 10000, unit: "lines", seconds: 2)
                == "  1,200/10,000 lines  600/s  about 15 s left")
        #expect(ProgressLine.text(done: 5, total: nil, unit: "files", seconds: 0) == "  5 files")
    }

    /// Piped, as in the other tests, nothing but the results is written.
    @Test func aBatchWritesNoProgressWhenStandardErrorIsNoTerminal() throws {
        let run = try Voicelog.run(["batch", "--dry-run", "--format", "jsonl", "-"], input: "glucose 6.2\nmild headache\n")
        #expect(run.status == 0)
        #expect(run.errorText.isEmpty, "\(run.errorText)")
    }
}
