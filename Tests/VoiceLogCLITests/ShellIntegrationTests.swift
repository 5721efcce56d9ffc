import Testing
import VoiceLogCLI

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
