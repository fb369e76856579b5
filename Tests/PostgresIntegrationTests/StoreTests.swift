import Foundation
import Migrations
import Postgres
import SchemaParser
import Storage
import Store
import TestSupport
import Testing

@Suite("Migrations and API keys on a real database")
struct StoreTests {
    /// A new folder under the temporary directory with the initial migration of fixture `name`; the caller
    /// removes it (`directory.url`).
    static func migrationFolder(schema name: String) throws -> MigrationDirectory {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-migrations-\(UUID().uuidString)")
        let directory = MigrationDirectory(url: folder)
        let storage = StorageMapping.storage(for: try SchemaParser.parseOrThrow(source: Fixtures.schemaSource(name)))
        _ = try directory.write(plan: MigrationDiff.plan(from: StorageSchema(tables: []), to: storage), snapshot: storage, name: "init")
        return directory
    }

    @Test("apply runs pending files once, records them, and the catalog has the tables", arguments: Fixtures.schemaNames())
    func applyEveryFixture(name: String) async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 2))
        defer { client.shutdown() }
        let directory = try Self.migrationFolder(schema: name)
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let runner = MigrationRunner(client: client, directory: directory)
        #expect(try await runner.apply() == ["0001_init"])
        #expect(try await runner.apply() == [])
        let status = try await runner.status()
        #expect(status.applied == ["0001_init"] && status.pending.isEmpty)
        let snapshot = try directory.latestSnapshot()
        let tables = try await client.query("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").scalar
        #expect(Int(tables ?? "0") == snapshot.tables.count)
    }

    @Test("two concurrent applies apply each migration once")
    func concurrentApply() async throws {
        let conninfo = try await TestDatabase.makeDatabase()
        let directory = try Self.migrationFolder(schema: "team-members")
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let first = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1))
        let second = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1))
        defer { first.shutdown(); second.shutdown() }
        async let a = MigrationRunner(client: first, directory: directory).apply()
        async let b = MigrationRunner(client: second, directory: directory).apply()
        let applied = try await a + b
        #expect(applied == ["0001_init"])
        #expect(try await first.query("SELECT count(*) FROM modelgraph.schema_migrations").scalar == "1")
    }

    @Test("an applied file that was edited is refused")
    func editedFile() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1))
        defer { client.shutdown() }
        let directory = try Self.migrationFolder(schema: "team-members")
        defer { try? FileManager.default.removeItem(at: directory.url) }
        try await MigrationRunner(client: client, directory: directory).apply()
        let file = try #require(try directory.files().first)
        try (file.sql + "\n-- edited\n").write(to: file.url, atomically: true, encoding: .utf8)
        await #expect(throws: StoreError.self) { try await MigrationRunner(client: client, directory: directory).apply() }
        #expect(try await MigrationRunner(client: client, directory: directory).status().edited == ["0001_init"])
    }

    @Test("a cached key still refuses another secret with its id, before and after it was verified once")
    func cachedKeyComparesSecrets() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 2))
        defer { client.shutdown() }
        let store = APIKeyStore(client: client, cacheLifetime: 3600)
        let key = try await store.create(description: "cached")
        var forged = Array(key)
        forged[forged.count - 1] = forged.last == "A" ? "B" : "A"
        #expect(!(await store.verify(String(forged))))
        #expect(await store.verify(key))
        #expect(await store.verify(key))
        #expect(!(await store.verify(String(forged))))
        #expect(await store.verify(key))
    }

    @Test("keys verify until revoked or expired, and only hashes are stored")
    func apiKeys() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 2))
        defer { client.shutdown() }
        let store = APIKeyStore(client: client, cacheLifetime: 0)
        let key = try await store.create(description: "test")
        #expect(await store.verify(key))
        #expect(!(await store.verify(key + "x")))
        #expect(!(await store.verify("mg_00000000_nothing")))
        let secret = String(key.split(separator: "_")[2])
        #expect(try await client.query("SELECT count(*) FROM modelgraph.api_keys WHERE secret_hash = $1", [secret]).scalar == "0")
        let id = String(key.split(separator: "_")[1])
        #expect(try await store.list().map(\.id) == [id])
        #expect(try await store.revoke(id: id))
        #expect(!(await store.verify(key)))
        // A key gets the lifetime it was created with and verifies until then; once its expiry has passed
        // (moved into the past here rather than waited for, so a slow machine cannot outlive a short lifetime
        // before the first check) it is refused.
        let expiring = try await store.create(description: nil, lifetime: 3600)
        let expiringID = String(expiring.split(separator: "_")[1])
        let lifetime = "SELECT expires_at - created_at = interval '3600 seconds' FROM modelgraph.api_keys WHERE id = $1"
        #expect(try await client.query(lifetime, [expiringID]).scalar == "t")
        #expect(await store.verify(expiring))
        _ = try await client.query("UPDATE modelgraph.api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [expiringID])
        #expect(!(await store.verify(expiring)))
    }
}

@Suite("API keys under unauthenticated traffic")
struct KeyProbingTests {
    @Test("a wrong secret records no use; only a proven key does; a corrupted hash refuses without crashing")
    func probing() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 2))
        defer { client.shutdown() }
        let store = APIKeyStore(client: client, cacheLifetime: 3600)
        let key = try await store.create(description: "probe")
        let id = String(key.split(separator: "_")[1])
        #expect(await store.check("mg_\(id)_wrongsecret") == .invalid)
        #expect(await store.check("mg_0123abcd_whatever") == .invalid)
        #expect(try await client.query("SELECT last_used_at IS NULL FROM modelgraph.api_keys WHERE id = $1", [id]).scalar == "t")
        #expect(await store.check(key) == .valid(id: id))
        #expect(try await client.query("SELECT last_used_at IS NOT NULL FROM modelgraph.api_keys WHERE id = $1", [id]).scalar == "t")
        // A hash edited by hand (odd length, not hex) matches nothing and crashes nothing.
        let other = try await store.create(description: "corrupt")
        let otherID = String(other.split(separator: "_")[1])
        _ = try await client.query("UPDATE modelgraph.api_keys SET secret_hash = 'abc' WHERE id = $1", [otherID])
        #expect(await store.check(other) == .invalid)
    }
}

@Suite("API key rotation")
struct KeyRotationTests {
    @Test("rotate issues a new key and keeps the old one for the grace period only")
    func rotate() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 2))
        defer { client.shutdown() }
        let store = APIKeyStore(client: client, cacheLifetime: 0)
        let old = try await store.create(description: "ci")
        let id = String(old.split(separator: "_")[1])
        // A grace period no stall of a loaded machine outlasts: the old key works beside the new one, and its
        // expiry moved to the end of the grace period.
        let new = try #require(try await store.rotate(id: id, grace: 600))
        #expect(new != old)
        #expect(await store.check(old) == .valid(id: id))
        #expect(await store.check(new) == .valid(id: String(new.split(separator: "_")[1])))
        let remaining = try await client.query("SELECT extract(epoch FROM expires_at - now()) FROM modelgraph.api_keys WHERE id = $1", [id]).scalar
        #expect((Double(remaining ?? "") ?? 0) > 500 && (Double(remaining ?? "") ?? 0) <= 600)
        // A short grace period ends: the old key stops working, the new one goes on.
        let short = try await store.create(description: "short")
        let shortID = String(short.split(separator: "_")[1])
        let successor = try #require(try await store.rotate(id: shortID, grace: 1))
        try await Task.sleep(for: .milliseconds(1200))
        #expect(await store.check(short) == .invalid)
        #expect(await store.verify(successor))
        // The use is recorded after the answer, so a loaded machine may take a moment to show it.
        var recorded = false
        for _ in 0..<50 where !recorded {
            recorded = try await store.list().first { $0.id == id }?.lastUsedAt != nil
            if !recorded { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(recorded)
        #expect(try await store.rotate(id: "00000000", grace: 1) == nil)
    }
}

@Suite("API key shapes")
struct KeyShapeTests {
    @Test("a key's public id is read the same whether its bytes are plain ASCII or not, and malformed keys have none")
    func publicIDs() {
        let secret64 = String(repeating: "s", count: 64)
        let cases: [(String, String?)] = [
            ("mg_0123abcd_secret", "0123abcd"),
            ("mg_0123abcd_\(secret64)", "0123abcd"),
            ("mg_0123abcd_\(secret64)x", nil),
            ("mg_0123abcd_", nil),
            ("mg_0123abc_secret", nil),
            ("mg_0123abcde_secret", nil),
            ("mg_0123abcd_sec_ret", nil),
            ("mg_0123_abcd_secret", nil),
            ("xg_0123abcd_secret", nil),
            ("MG_0123abcd_secret", nil),
            ("mg0123abcd_secret", nil),
            ("", nil),
            // Not plain ASCII: characters, not bytes, are counted.
            ("mg_éééééééé_secret", "éééééééé"),
            ("mg_0123abcd_\(String(repeating: "é", count: 64))", "0123abcd"),
            ("mg_0123abcd_\(String(repeating: "é", count: 65))", nil),
            ("mg_0123abc\u{7F}_secret", "0123abc\u{7F}"),
        ]
        for (key, id) in cases { #expect(APIKeyStore.publicID(of: key) == id, "\(key)") }
    }
}
