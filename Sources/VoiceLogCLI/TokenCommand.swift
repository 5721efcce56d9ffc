import ArgumentParser
import Foundation
import VoiceLogStorage

/// `voicelog token create NAME` and `voicelog token list`: the bearer tokens the service
/// lets in, each for one account.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Make bearer tokens for the service's accounts.",
        subcommands: [Create.self, List.self]
    )

    /// Prints a new token once: only its hash is stored.
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a token for an account (made too if new) and print it, once: only its hash is stored."
        )

        @OptionGroup var storage: StorageOptions

        @Argument(help: "The account: 1 to 64 letters, digits, '.', '_' or '-'.")
        var name: String

        func run() throws {
            let (token, _) = try storage.openStore().createToken(forAccount: name, at: Date())
            try StandardOutput.write(token + "\n")
        }
    }

    /// The accounts and how many tokens each has.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts and how many tokens each has.")

        @OptionGroup var storage: StorageOptions

        func run() throws {
            let lines = try storage.openStore().accounts().map { "\($0.name)\t\($0.tokens) token\($0.tokens == 1 ? "" : "s")\n" }
            try StandardOutput.write(lines.joined())
        }
    }
}
