import Foundation
import PostgresNIO
import VoiceLogStorage

// Accounts and their tokens, each token kept only as its SHA-256, as in the SQLite store.
extension PostgresStore {
    public func createToken(forAccount name: String, at date: Date) throws -> (token: String, account: Int64) {
        let token = StoreRules.newToken()
        let hash = AppDatabase.tokenHash(token)
        let account = try self.account(named: name, at: date)
        let (logger, stamp) = (connector.logger, Self.text(date))
        try connector.wait { connection in
            try await connection.query("INSERT INTO account_token (account_id, sha256, created_at) VALUES (\(account), \(hash), \(stamp))", logger: logger)
        }
        return (token, account)
    }

    public func account(forToken token: String) throws -> Int64? {
        let (hash, logger) = (AppDatabase.tokenHash(token), connector.logger)
        return try connector.wait { connection in
            try await connection.query("SELECT account_id FROM account_token WHERE sha256 = \(hash)", logger: logger)
                .decode(Int64.self).all().first
        }
    }

    public func account(named name: String, at date: Date) throws -> Int64 {
        try StoreRules.checkAccountName(name)
        let (logger, stamp) = (connector.logger, Self.text(date))
        return try connector.wait { connection in
            // Two servers may make the same account at once: the second finds the first's.
            try await connection.query("""
                INSERT INTO account (name, created_at) VALUES (\(name), \(stamp)) ON CONFLICT (name) DO NOTHING
                """, logger: logger)
            return try await connection.query("SELECT id FROM account WHERE name = \(name)", logger: logger).decode(Int64.self).all()[0]
        }
    }

    public func accounts() throws -> [(name: String, tokens: Int)] {
        let logger = connector.logger
        return try connector.wait { connection in
            var accounts: [(name: String, tokens: Int)] = []
            for try await (name, tokens) in try await connection.query("""
                SELECT account.name, count(account_token.id)::BIGINT FROM account
                LEFT JOIN account_token ON account_token.account_id = account.id
                GROUP BY account.id ORDER BY account.id
                """, logger: logger).decode((String, Int).self) {
                accounts.append((name, tokens))
            }
            return accounts
        }
    }
}
