import Crypto
import Foundation
import GRDB

// Accounts and their bearer tokens. A token is shown once, when it is made, and stored only
// as its SHA-256: a copy of the database does not let anyone in.
extension AppDatabase {
    /// A new token for the account named `name` (made first if there is none): the token's
    /// text, to be shown once, and the account's id.
    public func createToken(forAccount name: String, at date: Date = Date()) throws -> (token: String, account: Int64) {
        let token = StoreRules.newToken()
        let account = try perform {
            try writer.write { db in
                let account = try accountID(named: name, creating: true, at: date, db)!
                try db.execute(sql: "INSERT INTO account_token (account_id, sha256, created_at) VALUES (?, ?, ?)",
                               arguments: [account, Self.tokenHash(token), date])
                return account
            }
        }
        return (token, account)
    }

    /// The account a token belongs to, or nil for a token never made here.
    public func account(forToken token: String) throws -> Int64? {
        try perform {
            try writer.read { db in
                try Int64.fetchOne(db, sql: "SELECT account_id FROM account_token WHERE sha256 = ?", arguments: [Self.tokenHash(token)])
            }
        }
    }

    /// The id of the account named `name`, made first if need be.
    public func account(named name: String, at date: Date = Date()) throws -> Int64 {
        try perform { try writer.write { db in try accountID(named: name, creating: true, at: date, db)! } }
    }

    /// The names of the accounts with how many tokens each has, in id order.
    public func accounts() throws -> [(name: String, tokens: Int)] {
        try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT account.name, count(account_token.id) AS tokens FROM account
                    LEFT JOIN account_token ON account_token.account_id = account.id
                    GROUP BY account.id ORDER BY account.id
                    """).map { ($0["name"], $0["tokens"]) }
            }
        }
    }

    private func accountID(named name: String, creating: Bool, at date: Date, _ db: Database) throws -> Int64? {
        try StoreRules.checkAccountName(name)
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE name = ?", arguments: [name]) { return id }
        guard creating else { return nil }
        try db.execute(sql: "INSERT INTO account (name, created_at) VALUES (?, ?)", arguments: [name, date])
        return db.lastInsertedRowID
    }

    /// The SHA-256 of a token's text, in lowercase hex.
    public static func tokenHash(_ token: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(token.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
