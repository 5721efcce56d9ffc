import Foundation
import GRDB
import VoiceLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StorageError {
    /// The storage error an SQLite or decoding failure on the database at `path` stands for.
    init(_ error: any Error, path: String, busyTimeout: Double) {
        switch error {
        case let error as StorageError:
            self = error
        case let error as JSONParser.SyntaxError:
            self = .damagedRow("an entry's fields are not valid JSON (\(error))")
        case let error as DatabaseError:
            self = Self(sqlite: error, path: path, busyTimeout: busyTimeout)
        default:
            self = .database(path: path, message: String(describing: error))
        }
    }

    private init(sqlite error: DatabaseError, path: String, busyTimeout: Double) {
        if error.resultCode == .SQLITE_FULL || [.SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_IOERR_TRUNCATE].contains(error.extendedResultCode),
           Self.fileProblem(path: path) == nil {
            self = .full(path: path)
            return
        }
        switch error.resultCode {
        case .SQLITE_NOTADB:
            self = .notADatabase(path: path)
        case .SQLITE_CORRUPT:
            self = .corrupt(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .locked(path: path, seconds: busyTimeout)
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR, .SQLITE_AUTH:
            self = Self.fileProblem(path: path) ?? .database(path: path, message: error.message ?? "\(error.resultCode)")
        default:
            self = .database(path: path, message: error.message ?? "\(error.resultCode)")
        }
    }

    /// Why a file the database needs cannot be written, if the file system says so.
    static func fileProblem(path: String) -> StorageError? {
        guard path != ":memory:", !path.isEmpty else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        if access(path, F_OK) == 0, access(path, W_OK) != 0 {
            return .readOnlyFile(path: path)
        }
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
            return .readOnlyFolder(folder: folder.isEmpty ? "." : folder, path: path)
        }
        return nil
    }
}
