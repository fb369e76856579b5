import Foundation
import Postgres
import Testing

/// `serve` on its own embedded PostgreSQL: a private cluster (no TCP, a socket only its user reaches), owned by
/// one serve at a time, restarted when it dies, and stopped on every way out.
@Suite("Command line: serve and its embedded PostgreSQL")
struct EmbeddedClusterTests {
    @Test("the embedded cluster has no TCP listener, its folders and socket are 0700, and it admits local connections only")
    func privateCluster() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { ServeProcess.stopLeftoverPostgres(in: folder); try? FileManager.default.removeItem(at: folder) }
        let serve = try await ServeProcess.start(in: folder)
        let postmaster = try #require(serve.postmasterPID)
        let socketFolder = serve.clusterFolder.appendingPathComponent("sock")
        #expect(try Self.mode(serve.clusterFolder) == 0o700)
        #expect(try Self.mode(serve.dataDirectory) == 0o700)
        #expect(try Self.mode(socketFolder) == 0o700)
        #expect(try Self.mode(socketFolder.appendingPathComponent(".s.PGSQL.5432")) == 0o700)
        // The check finds serve's own HTTP listener, so finding none for the postmaster means something.
        #expect(try Self.tcpListeners(of: serve.process.processIdentifier) > 0)
        #expect(try Self.tcpListeners(of: postmaster) == 0)
        let client = PostgresClient(configuration: .init(conninfo: "host=\(socketFolder.path) port=5432 user=postgres dbname=postgres", connections: 1))
        defer { client.shutdown() }
        #expect(try await client.query("SHOW listen_addresses").scalar == "")
        #expect(try await client.query("SHOW unix_socket_permissions").scalar == "0700")
        let rules = try await client.query("SELECT string_agg(DISTINCT type || ':' || auth_method, ',' ORDER BY type || ':' || auth_method) FROM pg_hba_file_rules").scalar
        #expect(rules == "host:reject,local:trust")
        if getuid() == 0 {
            // Another user of the machine cannot even reach the socket; the same check passes for /tmp.
            #expect(try Self.runAsNobody(["test", "-x", "/tmp"]) == 0)
            #expect(try Self.runAsNobody(["test", "-x", socketFolder.path]) != 0)
        }
        #expect(await serve.terminate() == 0)
        #expect(!ServeProcess.isAlive(postmaster))
    }

    @Test("a second serve on the same project is refused at once, naming the folder and the owner's pid; keys list shares the running cluster")
    func secondServeRefused() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { ServeProcess.stopLeftoverPostgres(in: folder); try? FileManager.default.removeItem(at: folder) }
        let first = try await ServeProcess.start(in: folder)
        let key = try first.apiKey()
        let second = try ServeProcess.launch(in: folder, logName: "second.log")
        #expect(await second.waitForExit(seconds: 30) == 1)
        let refusal = second.logText
        #expect(refusal.contains("The embedded PostgreSQL in \(first.clusterFolder.path) is in use by ModelGraph process \(first.process.processIdentifier)."), "\(refusal)")
        #expect(!refusal.contains("migration") && !refusal.contains("started PostgreSQL"), "\(refusal)")
        // A one-off command uses the owner's server and leaves it running.
        let (listed, keys, errors) = try await CommandLineTests.run(["keys", "list", "--data-dir", first.clusterFolder.path], in: folder, environment: ["DATABASE_URL": ""])
        #expect(listed == 0, "\(errors)")
        #expect(keys.contains("created by serve"))
        #expect(errors.contains("keeps running when this command ends"), "\(errors)")
        #expect(try await first.graphQL("{ listTeams { items { id } } }", key: key).0 == 200)
        #expect(await first.terminate() == 0)
        #expect(first.logText.contains("stopped PostgreSQL"))
    }

    @Test("after kill -9 of serve, the next serve stops the PostgreSQL left running, starts it afresh, and stops it on SIGTERM")
    func serveAfterKill() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { ServeProcess.stopLeftoverPostgres(in: folder); try? FileManager.default.removeItem(at: folder) }
        let killed = try await ServeProcess.start(in: folder)
        let key = try killed.apiKey()
        #expect(try await killed.graphQL(#"mutation { createTeam(input: {id: "t1", mantra: "Go"}) { id } }"#, key: key).0 == 200)
        let orphan = try #require(killed.postmasterPID)
        kill(killed.process.processIdentifier, SIGKILL)
        killed.process.waitUntilExit()
        #expect(ServeProcess.isAlive(orphan), "a killed serve leaves its PostgreSQL running")
        let next = try await ServeProcess.start(in: folder, logName: "next.log")
        #expect(next.logText.contains("PostgreSQL from an earlier run is still running; stopping it to start it afresh"), "\(next.logText)")
        #expect(!ServeProcess.isAlive(orphan))
        let restarted = try #require(next.postmasterPID)
        #expect(restarted != orphan)
        let (_, body) = try await next.graphQL(#"{ getTeam(id: "t1") { mantra } }"#, key: key)
        #expect(body.replacingOccurrences(of: " ", with: "").contains(#""mantra":"Go""#), "\(body)")
        #expect(await next.terminate() == 0)
        #expect(next.logText.contains("stopped PostgreSQL"))
        #expect(!ServeProcess.isAlive(restarted))
        #expect(!FileManager.default.fileExists(atPath: next.dataDirectory.appendingPathComponent("postmaster.pid").path))
    }

    @Test("when its PostgreSQL is killed, serve restarts it and keeps answering; the log says so in its usual format")
    func postmasterKilled() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { ServeProcess.stopLeftoverPostgres(in: folder); try? FileManager.default.removeItem(at: folder) }
        let serve = try await ServeProcess.start(in: folder)
        let key = try serve.apiKey()
        #expect(try await serve.graphQL(#"mutation { createTeam(input: {id: "t1", mantra: "Go"}) { id } }"#, key: key).0 == 200)
        let first = try #require(serve.postmasterPID)
        kill(first, SIGKILL)
        #expect(await serve.waitForLog("restarted PostgreSQL"), "\(serve.logText)")
        #expect(serve.logText.contains("PostgreSQL stopped unexpectedly; restarting it"))
        #expect(serve.logText.contains("restarting PostgreSQL (attempt 1 of 5)"))
        // The pool reconnects by itself; allow it up to a minute on a loaded machine.
        var answer = ""
        let deadline = ContinuousClock.now + .seconds(60)
        while !answer.replacingOccurrences(of: " ", with: "").contains(#""mantra":"Go""#), ContinuousClock.now < deadline {
            answer = try await serve.graphQL(#"{ getTeam(id: "t1") { mantra } }"#, key: key).1
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(answer.replacingOccurrences(of: " ", with: "").contains(#""mantra":"Go""#), "\(answer)")
        let restarted = try #require(serve.postmasterPID)
        #expect(restarted != first)
        #expect(await serve.terminate() == 0)
        #expect(!ServeProcess.isAlive(restarted))
        // StandardErrorLogHandler's line: time, level, label, metadata (the instance first), [source], message.
        let line = try #require(serve.logText.split(separator: "\n").first { $0.hasSuffix("] restarted PostgreSQL") })
        #expect(
            line.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info modelgraph : instance=\S+ socket=\S+ \[EmbeddedPostgres\] restarted PostgreSQL/) != nil, "\(line)")
    }

    @Test("when its PostgreSQL cannot be restarted, serve gives up after its attempts and exits 1")
    func postmasterCannotRestart() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { ServeProcess.stopLeftoverPostgres(in: folder); try? FileManager.default.removeItem(at: folder) }
        let serve = try await ServeProcess.start(in: folder)
        let postmaster = try #require(serve.postmasterPID)
        // Without its data directory the server cannot start again.
        try FileManager.default.moveItem(at: serve.dataDirectory, to: serve.clusterFolder.appendingPathComponent("moved"))
        kill(postmaster, SIGKILL)
        #expect(await serve.waitForExit(seconds: 90) == 1, "\(serve.logText)")
        let log = serve.logText
        #expect(log.contains("restarting PostgreSQL failed (attempt 5 of 5)"), "\(log)")
        #expect(log.contains("stopped and could not be restarted (5 attempts)"), "\(log)")
    }

    @Test("serve on a port in use: a clear message naming the port, exit 1, and no PostgreSQL left running")
    func portInUse() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { ServeProcess.stopLeftoverPostgres(in: folder); try? FileManager.default.removeItem(at: folder) }
        let taken = try PortHolder()
        defer { taken.close() }
        let serve = try ServeProcess.launch(in: folder, port: taken.port)
        #expect(await serve.waitForExit(seconds: 30) == 1)
        #expect(serve.logText == "Port \(taken.port) is in use on 127.0.0.1; choose another with --port (or MODELGRAPH_PORT).\n", "\(serve.logText)")
        #expect(serve.postmasterPID == nil)
    }

    @Test("SIGTERM while serve starts: it finishes the current step, stops its PostgreSQL and exits 0 without serving")
    func stopDuringStartUp() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { ServeProcess.stopLeftoverPostgres(in: folder); try? FileManager.default.removeItem(at: folder) }
        // A second migration holds start-up until the test lets it end, after the signal was received, however
        // slowly the machine runs (capped at about 120 s so a failed test does not leave serve waiting). It waits
        // for a file that the PostgreSQL server process (the postgres user when tests run as root) can see: in a
        // folder of its own that everyone may search.
        let release = URL(fileURLWithPath: "/tmp/modelgraph-release-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: release) }
        let releaseFile = release.appendingPathComponent("go")
        let migrations = folder.appendingPathComponent("migrations")
        let waitForRelease = """
            DO $$
            BEGIN
              FOR attempt IN 1..1200 LOOP
                EXIT WHEN (pg_stat_file('\(releaseFile.path)', true)).size IS NOT NULL;
                PERFORM pg_sleep(0.1);
              END LOOP;
            END $$;

            """
        try waitForRelease.write(to: migrations.appendingPathComponent("0002_slow.sql"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: migrations.appendingPathComponent("0001_init.snapshot.json"), to: migrations.appendingPathComponent("0002_slow.snapshot.json"))
        let serve = try ServeProcess.launch(in: folder)
        #expect(await serve.waitForLog("started PostgreSQL"))
        let postmaster = try #require(serve.postmasterPID)
        serve.process.terminate()
        // Only once serve has taken note of the signal does the migration, and with it the start-up step, end.
        #expect(await serve.waitForLog("stop requested while starting"), "\(serve.logText)")
        try Data().write(to: releaseFile)
        #expect(await serve.waitForExit() == 0, "\(serve.logText)")
        let log = serve.logText
        #expect(log.contains("stop requested while starting"), "\(log)")
        #expect(log.contains("stopped PostgreSQL"), "\(log)")
        #expect(!log.contains("serving http://"), "\(log)")
        #expect(!ServeProcess.isAlive(postmaster))
    }

    /// The permission bits of a file or folder.
    static func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    /// TCP sockets in LISTEN state held by process `pid` (from /proc: its socket inodes against /proc/net/tcp*).
    static func tcpListeners(of pid: pid_t) throws -> Int {
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        let inodes = Set(
            descriptors.compactMap { descriptor -> String? in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)"),
                    target.hasPrefix("socket:[")
                else { return nil }
                return String(target.dropFirst("socket:[".count).dropLast())
            })
        var count = 0
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: a /proc file reports size 0, and a large table spans several reads.
            let text = String(decoding: (try? FileHandle(forReadingFrom: URL(fileURLWithPath: table)).readToEnd()) ?? Data(), as: UTF8.self)
            for row in text.split(separator: "\n").dropFirst() {
                let columns = row.split(separator: " ")
                // Columns: sl, local address, remote address, state (0A = LISTEN), …, inode (the tenth).
                if columns.count > 9, columns[3] == "0A", inodes.contains(String(columns[9])) { count += 1 }
            }
        }
        return count
    }

    /// Runs a command as the `nobody` user; its exit status.
    static func runAsNobody(_ command: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        process.arguments = ["-u", "nobody", "--"] + command
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
