import Foundation
import ModelIR
import Postgres
import TestSupport
import Testing

/// `modelgraph import dynamodb` end to end: the test writes DynamoDB exports itself (a full point-in-time export
/// and an incremental one, gzipped DynamoDB JSON with their manifests), imports them into a server's database
/// and reads every row back through the API.
@Suite("Import: DynamoDB exports")
struct DynamoImportTests {
    static let created = #"{"S": "2026-01-02T03:04:05.678Z"}"#

    /// A full export's lines for the fixture: a blog, a post with every kind of value, and a post whose blog
    /// does not exist (AppSync never checked).
    static let fullPosts = [
        #"{"Item": {"__typename": {"S": "Post"}, "id": {"S": "p1"}, "title": {"S": "First"}, "rating": {"N": "7"}, "score": {"N": "2.5"}, "done": {"BOOL": true}, "status": {"S": "PUBLISHED"}, "tags": {"L": [{"S": "a"}, {"S": "b"}]}, "published": {"S": "2026-05-06T07:08:09.100Z"}, "day": {"S": "2026-05-06"}, "meta": {"M": {"k": {"N": "1"}, "l": {"L": [{"BOOL": false}]}}}, "address": {"M": {"city": {"S": "Oslo"}, "zip": {"NULL": true}}}, "blogPostsId": {"S": "b1"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created)}}"#,
        #"{"Item": {"__typename": {"S": "Post"}, "id": {"S": "p2"}, "title": {"S": "Orphan"}, "blogPostsId": {"S": "b404"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created), "_ttl": {"N": "1"}}}"#,
    ]
    static let fullBlogs = [#"{"Item": {"__typename": {"S": "Blog"}, "id": {"S": "b1"}, "name": {"S": "Travel"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created)}}"#]

    /// Writes an export of `table` with `lines` under `folder` (its own `AWSDynamoDB/<id>/` folder), in `parts`
    /// data files.
    static func writeExport(_ folder: URL, table: String, lines: [String], incremental: Bool = false, id: String, parts: Int = 1) throws {
        let export = folder.appendingPathComponent("AWSDynamoDB/\(id)")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("data"), withIntermediateDirectories: true)
        let size = max(1, (lines.count + parts - 1) / parts)
        var manifest = ""
        for part in 0..<parts {
            let slice = lines[min(lines.count, part * size)..<min(lines.count, (part + 1) * size)]
            let plain = export.appendingPathComponent("data/\(id)-part\(part).json")
            try (slice.joined(separator: "\n") + "\n").write(to: plain, atomically: true, encoding: .utf8)
            let gzip = Process()
            gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            gzip.arguments = ["gzip", "-f", plain.path]
            try gzip.run()
            gzip.waitUntilExit()
            try #require(gzip.terminationStatus == 0)
            manifest += #"{"itemCount":\#(slice.count),"md5Checksum":"x","etag":"y","dataFileS3Key":"AWSDynamoDB/\#(id)/data/\#(id)-part\#(part).json.gz"}"# + "\n"
        }
        let summary = """
            {"version":"2023-08-01","exportArn":"arn:aws:dynamodb:us-east-1:123456789012:table/\(table)/export/\(id)","tableArn":"arn:aws:dynamodb:us-east-1:123456789012:table/\(table)",\
            "exportTime":"2026-06-0\(incremental ? 2 : 1)T00:00:00.000Z","exportToTime":"2026-06-0\(incremental ? 2 : 1)T00:00:00.000Z","outputFormat":"DYNAMODB_JSON",\
            "exportType":"\(incremental ? "INCREMENTAL_EXPORT" : "FULL_EXPORT")","itemCount":\(lines.count),"manifestFilesS3Key":"AWSDynamoDB/\(id)/manifest-files.json"}
            """
        try summary.write(to: export.appendingPathComponent("manifest-summary.json"), atomically: true, encoding: .utf8)
        try manifest.write(to: export.appendingPathComponent("manifest-files.json"), atomically: true, encoding: .utf8)
    }

    static func importing(_ folder: URL, database: String, _ extra: [String] = []) async throws -> (Int32, String, String) {
        let schema = Fixtures.folder().appendingPathComponent("schemas/dynamodb-import.graphql").path
        return try await CommandLineTests.run(["import", "dynamodb", "--schema", schema, "--database-url", database, "--from", folder.path] + extra)
    }

    @Test("a full export: refused while a reference dangles (nothing written); with --on-dangling null every value arrives exactly as the API returns it")
    func fullExport() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "dynamodb-import", conninfo: database)
        defer { server.stop() }
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeExport(folder, table: "Post-abc123-dev", lines: Self.fullPosts, id: "01-posts")
        try Self.writeExport(folder, table: "Blog-abc123-dev", lines: Self.fullBlogs, id: "02-blogs")
        let (failed, failedOutput, failedErrors) = try await Self.importing(folder, database: database)
        #expect(failed == 1 && failedErrors.contains("References name records that do not exist"), "\(failedOutput)\n\(failedErrors)")
        #expect(failedOutput.contains("Post.blogPostsId → Blog | 1 | p2"), "\(failedOutput)")
        #expect(try await server.graphQL("{ listPosts { items { id } } }").description.contains("p1") == false)
        let (status, output, errors) = try await Self.importing(folder, database: database, ["--on-dangling", "null"])
        #expect(status == 0, "\(output)\n\(errors)")
        let post = try await server.graphQL(
            #"{ getPost(id: "p1") { id title rating score done status tags published day meta address { city zip } blog { name } createdAt } }"#)
        #expect(
            RealtimeGraphQLWSTests.json(post)
                == #"{"data":{"getPost":{"address":{"city":"Oslo","zip":null},"blog":{"name":"Travel"},"createdAt":"2026-01-02T03:04:05.678Z","day":"2026-05-06","done":true,"id":"p1","meta":"{\"k\": 1, \"l\": [false]}","published":"2026-05-06T07:08:09.100Z","rating":7,"score":2.5,"status":"PUBLISHED","tags":["a","b"],"title":"First"}}}"#
        )
        let orphan = try await server.graphQL(#"{ getPost(id: "p2") { title blogPostsId } }"#)
        #expect(RealtimeGraphQLWSTests.json(orphan) == #"{"data":{"getPost":{"blogPostsId":null,"title":"Orphan"}}}"#)
    }

    @Test("an incremental export after the full one: updates, deletes and creates applied in time order; applied twice, the same tables")
    func incrementalExport() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "dynamodb-import", conninfo: database)
        defer { server.stop() }
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeExport(folder, table: "Blog-abc123-dev", lines: Self.fullBlogs, id: "02-blogs")
        try Self.writeExport(folder, table: "Post-abc123-dev", lines: [Self.fullPosts[0]], id: "01-posts")
        let changes = [
            #"{"Metadata":{"WriteTimestampMicros":{"N":"20"}},"Keys":{"id":{"S":"p1"}},"NewImage":{"id":{"S":"p1"},"title":{"S":"Renamed"},"createdAt":\#(Self.created),"updatedAt":\#(Self.created)}}"#,
            #"{"Metadata":{"WriteTimestampMicros":{"N":"10"}},"Keys":{"id":{"S":"p1"}},"NewImage":{"id":{"S":"p1"},"title":{"S":"Older"},"createdAt":\#(Self.created),"updatedAt":\#(Self.created)}}"#,
            #"{"Metadata":{"WriteTimestampMicros":{"N":"30"}},"Keys":{"id":{"S":"p3"}},"NewImage":{"id":{"S":"p3"},"title":{"S":"New"},"blogPostsId":{"S":"b1"},"createdAt":\#(Self.created),"updatedAt":\#(Self.created)}}"#,
            #"{"Metadata":{"WriteTimestampMicros":{"N":"40"}},"Keys":{"id":{"S":"p4"}},"NewImage":{"id":{"S":"p4"},"title":{"S":"Gone"},"createdAt":\#(Self.created),"updatedAt":\#(Self.created)}}"#,
            #"{"Metadata":{"WriteTimestampMicros":{"N":"50"}},"Keys":{"id":{"S":"p4"}},"OldImage":{"id":{"S":"p4"},"title":{"S":"Gone"}}}"#,
        ]
        try Self.writeExport(folder, table: "Post-abc123-dev", lines: changes, incremental: true, id: "03-posts-incremental")
        for _ in 0..<2 {
            let (status, output, errors) = try await Self.importing(folder, database: database)
            #expect(status == 0, "\(output)\n\(errors)")
            let posts = try await server.graphQL("{ listPosts { items { id title } } }")
            let items = (value(posts, "data", "listPosts", "items") as? [[String: Any]] ?? []).map { "\($0["id"] ?? ""):\($0["title"] ?? "")" }.sorted()
            #expect(items == ["p1:Renamed", "p3:New"], "\(posts)")
        }
    }

    @Test("a value that cannot be stored exactly leaves its item out, with its key and the reason; the rest is imported; --dry-run writes nothing")
    func refusedValues() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "dynamodb-import", conninfo: database)
        defer { server.stop() }
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = [
            #"{"Item": {"id": {"S": "big"}, "title": {"S": "x"}, "rating": {"N": "3000000000"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created)}}"#,
            #"{"Item": {"id": {"S": "precise"}, "title": {"S": "x"}, "score": {"N": "0.1000000000000000055511151231257827"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created)}}"#,
            #"{"Item": {"id": {"S": "enum"}, "title": {"S": "x"}, "status": {"S": "ARCHIVED"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created)}}"#,
            #"{"Item": {"id": {"S": "fine"}, "title": {"S": "x"}, "extra": {"S": "?"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created)}}"#,
        ]
        try Self.writeExport(folder, table: "Post-abc123-dev", lines: lines, id: "01-posts")
        let (dryStatus, dryOutput, _) = try await Self.importing(folder, database: database, ["--dry-run"])
        #expect(dryStatus == 2 && dryOutput.contains("nothing written"), "\(dryOutput)")
        #expect((value(try await server.graphQL("{ listPosts { items { id } } }"), "data", "listPosts", "items") as? [Any])?.isEmpty == true)
        let reportFile = folder.appendingPathComponent("report.json")
        let (status, output, _) = try await Self.importing(folder, database: database, ["--report", reportFile.path])
        #expect(status == 2, "\(output)")
        #expect(output.contains("big: ") && output.contains("Int (32-bit)"), "\(output)")
        #expect(output.contains("precise: Post.score is 0.1000000000000000055511151231257827, which a Float (a double) cannot hold exactly"), "\(output)")
        #expect(output.contains("enum: ") && output.contains("ARCHIVED"), "\(output)")
        #expect(output.contains("attributes that are not fields, not imported: extra (1)"), "\(output)")
        let items = value(try await server.graphQL("{ listPosts { items { id } } }"), "data", "listPosts", "items") as? [[String: Any]]
        #expect(items?.compactMap { $0["id"] as? String } == ["fine"])
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: reportFile)) as? [String: Any]
        #expect(value(report, "models", "Post", "refused") as? Int == 3 && value(report, "models", "Post", "written") as? Int == 1, "\(report ?? [:])")
    }

    @Test(
        "composite keys, an owner field kept as sub::username, a cycle of self references, a one-to-one reference, @refersTo names, a many-to-many join whose rows dangle (skipped)"
    )
    func keysOwnersCyclesAndJoins() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "dynamodb-import-keys", conninfo: database)
        defer { server.stop() }
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stamps = #""createdAt": \#(Self.created), "updatedAt": \#(Self.created)"#
        try Self.writeExport(
            folder, table: "Person-abc123-dev",
            lines: [
                #"{"Item": {"id": {"S": "ann"}, "name": {"S": "Ann"}, "mentorId": {"S": "bob"}, "owner": {"S": "sub-1::ann"}, "personProfileId": {"S": "pr1"}, \#(stamps)}}"#,
                #"{"Item": {"id": {"S": "bob"}, "name": {"S": "Bob"}, "mentorId": {"S": "ann"}, "owner": {"S": "sub-2::bob"}, \#(stamps)}}"#,
            ], id: "01-people")
        try Self.writeExport(
            folder, table: "Reading-abc123-dev",
            lines: [
                #"{"Item": {"sensor": {"S": "s1"}, "at": {"S": "2026-01-01T00:00:00.000Z"}, "value": {"N": "1.25"}, \#(stamps)}}"#,
                #"{"Item": {"sensor": {"S": "s1"}, "at": {"S": "2026-01-01T00:01:00.000Z"}, "value": {"N": "-3"}, \#(stamps)}}"#,
            ], id: "02-readings")
        try Self.writeExport(folder, table: "Song-abc123-dev", lines: [#"{"Item": {"id": {"S": "song1"}, "title": {"S": "Blue"}, \#(stamps)}}"#], id: "03-songs")
        try Self.writeExport(
            folder, table: "Profile-abc123-dev", lines: [#"{"Item": {"id": {"S": "pr1"}, "bio": {"S": "Likes maps"}, \#(stamps)}}"#], id: "06-profiles")
        try Self.writeExport(folder, table: "Playlist-abc123-dev", lines: [#"{"Item": {"id": {"S": "list1"}, "name": {"S": "Mix"}, \#(stamps)}}"#], id: "04-lists")
        try Self.writeExport(
            folder, table: "SongPlaylist-abc123-dev",
            lines: [
                #"{"Item": {"id": {"S": "j1"}, "songId": {"S": "song1"}, "playlistId": {"S": "list1"}, \#(stamps)}}"#,
                #"{"Item": {"id": {"S": "j2"}, "songId": {"S": "song-gone"}, "playlistId": {"S": "list1"}, \#(stamps)}}"#,
            ], id: "05-join")
        let schema = Fixtures.folder().appendingPathComponent("schemas/dynamodb-import-keys.graphql").path
        let nulled = try await CommandLineTests.run(["import", "dynamodb", "--schema", schema, "--database-url", database, "--from", folder.path, "--on-dangling", "null"])
        #expect(nulled.0 == 1 && nulled.2.contains("cannot be nulled"), "\(nulled.1)\n\(nulled.2)")
        let (status, output, errors) = try await CommandLineTests.run(
            ["import", "dynamodb", "--schema", schema, "--database-url", database, "--from", folder.path, "--on-dangling", "skip"])
        #expect(status == 0, "\(output)\n\(errors)")
        #expect(output.contains("SongPlaylist.songId → Song | 1 | j2 | 1 row(s) left out"), "\(output)")
        let people = try await server.client.query(#"SELECT id, "mentorId", owner FROM "Person" ORDER BY id"#)
        #expect(people.rows == [["ann", "bob", "sub-1::ann"], ["bob", "ann", "sub-2::bob"]])
        let profile = try await server.graphQL(#"{ getPerson(id: "ann") { profile { bio } } }"#)
        #expect(RealtimeGraphQLWSTests.json(profile) == #"{"data":{"getPerson":{"profile":{"bio":"Likes maps"}}}}"#)
        let stored = try await server.client.query(#"SELECT id, biography FROM "profiles""#)
        #expect(stored.rows == [["pr1", "Likes maps"]])
        let readings = try await server.graphQL(#"{ listReadings(sensor: "s1") { items { at value } } }"#)
        #expect(
            RealtimeGraphQLWSTests.json(readings)
                == #"{"data":{"listReadings":{"items":[{"at":"2026-01-01T00:00:00.000Z","value":1.25},{"at":"2026-01-01T00:01:00.000Z","value":-3}]}}}"#)
        let songs = try await server.graphQL(#"{ getPlaylist(id: "list1") { songs { items { song { title } } } } }"#)
        #expect(RealtimeGraphQLWSTests.json(songs) == #"{"data":{"getPlaylist":{"songs":{"items":[{"song":{"title":"Blue"}}]}}}}"#)
        // The tables' constraints and triggers are as before: a dangling reference is refused again.
        let refused = try? await server.client.query(
            #"INSERT INTO "SongPlaylist" (id, "songId", "playlistId", "createdAt", "updatedAt") VALUES ('x', 'nope', 'list1', now(), now())"#)
        #expect(refused == nil)
    }

    @Test("the AWS scalars, string and number sets, a binary in a string field, an AWSDateTime with an offset (returned in UTC, as the API returns it)")
    func scalarsAndSets() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "dynamodb-import-scalars", conninfo: database)
        defer { server.stop() }
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let item =
            #"{"Item": {"id": {"S": "s1"}, "at": {"S": "12:30:00.250"}, "stamp": {"N": "1767225600"}, "email": {"S": "a@b.example"}, "url": {"S": "https://b.example/x"}, "phone": {"S": "+1 555 0100"}, "ip": {"S": "10.0.0.1"}, "names": {"SS": ["x", "y"]}, "counts": {"NS": ["1", "20"]}, "blob": {"B": "AAEC"}, "zoned": {"S": "2026-05-06T07:08:09+02:00"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created)}}"#
        let bad = #"{"Item": {"id": {"S": "s2"}, "email": {"S": "not an email"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created)}}"#
        try Self.writeExport(folder, table: "Sample-abc123-dev", lines: [item, bad], id: "01-samples")
        let schema = Fixtures.folder().appendingPathComponent("schemas/dynamodb-import-scalars.graphql").path
        let (status, output, _) = try await CommandLineTests.run(["import", "dynamodb", "--schema", schema, "--database-url", database, "--from", folder.path])
        #expect(status == 2 && output.contains("s2: ") && output.contains("email"), "\(output)")
        let sample = try await server.graphQL(#"{ getSample(id: "s1") { at stamp email url phone ip names counts blob zoned } }"#)
        #expect(
            RealtimeGraphQLWSTests.json(sample)
                == #"{"data":{"getSample":{"at":"12:30:00.250","blob":"AAEC","counts":[1,20],"email":"a@b.example","ip":"10.0.0.1","names":["x","y"],"phone":"+1 555 0100","stamp":1767225600,"url":"https://b.example/x","zoned":"2026-05-06T05:08:09.000Z"}}}"#,
            "\(sample)")
    }

    @Test("under conflict detection _version, _lastChangedAt and tombstones are kept; without it a tombstone is not imported")
    func conflictDetectionFields() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "dynamodb-import-scalars", conninfo: database, conflictDetection: ConflictDetection(handler: .automerge))
        defer { server.stop() }
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sync = #""_version": {"N": "4"}, "_lastChangedAt": {"N": "1767225600123"}, "createdAt": \#(Self.created), "updatedAt": \#(Self.created)"#
        try Self.writeExport(
            folder, table: "Sample-abc123-dev",
            lines: [#"{"Item": {"id": {"S": "live"}, \#(sync)}}"#, #"{"Item": {"id": {"S": "gone"}, "_deleted": {"BOOL": true}, \#(sync)}}"#], id: "01-samples")
        let schema = Fixtures.folder().appendingPathComponent("schemas/dynamodb-import-scalars.graphql").path
        let (status, output, errors) = try await CommandLineTests.run(
            ["import", "dynamodb", "--schema", schema, "--conflict-detection", "automerge", "--database-url", database, "--from", folder.path])
        #expect(status == 0, "\(output)\n\(errors)")
        let synced = try await server.graphQL("{ syncSamples { items { id _version _deleted _lastChangedAt } } }")
        let items = (value(synced, "data", "syncSamples", "items") as? [[String: Any]] ?? []).sorted { ($0["id"] as? String ?? "") < ($1["id"] as? String ?? "") }
        #expect(items.map { $0["id"] as? String } == ["gone", "live"], "\(synced)")
        #expect(items.map { $0["_version"] as? Int } == [4, 4] && items.map { $0["_lastChangedAt"] as? Int } == [1_767_225_600_123, 1_767_225_600_123], "\(synced)")
        #expect(items.first?["_deleted"] as? Bool == true && items.last?["_deleted"] is NSNull, "\(synced)")
        // Without conflict detection the tombstone is a deleted record: not imported.
        let plain = try await TestDatabase.makeDatabase()
        let other = try await LiveServer.start(schema: "dynamodb-import-scalars", conninfo: plain)
        defer { other.stop() }
        let (plainStatus, plainOutput, _) = try await CommandLineTests.run(["import", "dynamodb", "--schema", schema, "--database-url", plain, "--from", folder.path])
        #expect(plainStatus == 0 && plainOutput.contains("Sample | 2 | 1 | 0 | 0 | 0 | 1"), "\(plainOutput)")
    }
}
