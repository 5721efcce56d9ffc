import Hummingbird
import VoiceLogStorage

extension StorageError {
    /// The HTTP status that says what became of a request the store refused or failed.
    var status: HTTPResponse.Status {
        switch self {
        case .infeasible, .nothingToStore, .editNotUnderstood, .badAccountName: .unprocessableContent
        case .noSuchEntry, .noSuchUtterance: .notFound
        case .entryUndone, .entryDeleted, .badBackup: .conflict
        case .locked, .full, .readOnlyFile, .readOnlyFolder, .database, .corrupt, .notADatabase,
             .cannotCreateFolder, .noLocation, .emptyLocation, .unsupportedLocation, .damagedRow, .unreachable, .badURL, .sqliteOnly:
            .serviceUnavailable
        }
    }

    var problem: APIProblem { APIProblem(status, description) }
}
