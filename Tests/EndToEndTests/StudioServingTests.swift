import Foundation
import Studio
import Testing

/// The studio as `serve` offers it over HTTP: the page and its files with their headers, the config, what a
/// browser's `GET /graphql` gets, and what it must never get (files outside the studio's folder).
@Suite("Studio: serving")
struct StudioServingTests {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    /// The headers every studio response carries.
    static func expectStudioHeaders(_ answer: TestHTTP.Answer, _ what: String) {
        #expect(answer.headers["content-security-policy"] == contentSecurityPolicy, "\(what): \(answer.headers)")
        #expect(answer.headers["x-content-type-options"] == "nosniff", "\(what)")
        #expect(answer.headers["referrer-policy"] == "no-referrer", "\(what)")
    }

    @Test("GET / serves the page with the CSP, nosniff, no-referrer, an ETag and no-cache; the same ETag gets 304")
    func page() async throws {
        let server = try await StudioServer.start()
        defer { server.stop() }
        let page = try await server.request("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("<html"))
        #expect(page.body == Data(try StudioServer.assets().index!.bytes))
        Self.expectStudioHeaders(page, "/")
        #expect(page.headers["cache-control"] == "no-cache")
        let etag = try #require(page.headers["etag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
        let again = try await server.request("/", headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        let changed = try await server.request("/", headers: ["If-None-Match": "\"0000000000000000\""])
        #expect(changed.status == 200)
        // The page is public: no key is needed for it or its files.
        let file = try await server.request("/studio/index.html")
        #expect(file.status == 200)
        #expect(file.headers["etag"] == etag)
        Self.expectStudioHeaders(file, "/studio/index.html")
    }

    @Test("every file of the studio is served under /studio/ with its content type")
    func everyAsset() async throws {
        let server = try await StudioServer.start()
        defer { server.stop() }
        let assets = try StudioServer.assets()
        #expect(!assets.files.isEmpty)
        for (path, asset) in assets.files {
            let answer = try await server.request("/studio/" + path)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.headers["content-type"] == asset.contentType, "\(path)")
            #expect(answer.body == Data(asset.bytes), "\(path)")
            Self.expectStudioHeaders(answer, path)
        }
    }

    @Test("GET /graphql: a browser (Accept: text/html) gets the page without a key; other clients get the API as before")
    func graphQLForBrowsers() async throws {
        let server = try await StudioServer.start()
        defer { server.stop() }
        let browser = try await server.request("/graphql", headers: ["Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"])
        #expect(browser.status == 200)
        #expect(browser.headers["content-type"] == "text/html; charset=utf-8")
        Self.expectStudioHeaders(browser, "GET /graphql as a browser")
        // Without text/html: the API, which wants a key and a query.
        let noKey = try await server.request("/graphql", headers: ["Accept": "application/json"])
        #expect(noKey.status == 401)
        #expect(noKey.text.contains("UnauthorizedException"))
        let noQuery = try await server.request("/graphql", headers: ["Accept": "application/json", "x-api-key": server.key])
        #expect(noQuery.status == 400)
        #expect(noQuery.text.contains("needs a 'query' parameter"))
        let query = try await server.request("/graphql?query=%7B__typename%7D", headers: ["x-api-key": server.key])
        #expect(query.status == 200)
        #expect(query.text.contains(#""__typename":"Query""#))
        // POST is the API whatever the client accepts.
        let post = try await server.request(
            "/graphql", method: "POST", body: Data(#"{"query":"{__typename}"}"#.utf8), headers: ["Accept": "text/html", "Content-Type": "application/json"])
        #expect(post.status == 401)
    }

    @Test("/studio/config.json says whether plans are shown, where real-time is, the version and the authorization modes")
    func config() async throws {
        for plans in [true, false] {
            let server = try await StudioServer.start(plans: plans)
            defer { server.stop() }
            let answer = try await server.request("/studio/config.json")
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "application/json")
            Self.expectStudioHeaders(answer, "config.json")
            let json = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect(json["plans"] as? Bool == plans)
            #expect(json["realtimePath"] as? String == "/graphql/realtime")
            #expect(json["version"] as? String == (try StudioServer.assets()).version)
            #expect(json["authModes"] as? [String] == ["apiKey"])
        }
    }

    @Test("an unknown file is 404, and no path (.., encoded or not) reaches a file outside the studio's folder")
    func unknownAndTraversal() async throws {
        let server = try await StudioServer.start()
        defer { server.stop() }
        let missing = try await server.request("/studio/no-such-file.js")
        #expect(missing.status == 404)
        Self.expectStudioHeaders(missing, "404")
        for path in [
            "/studio/../Package.swift", "/studio/../../Package.swift", "/studio/%2e%2e/Package.swift", "/studio/%2E%2E%2FPackage.swift", "/studio/..%2fPackage.swift",
            "/studio/..%5cPackage.swift", "/studio/....//Package.swift", "/studio//etc/passwd", "/studio/%2fetc%2fpasswd", "/studio/../../../../../../etc/passwd",
            "/studio/../Sources/Studio/StudioAssets.swift", "/studio/./../Package.swift", "/studio/index.html/../../Package.swift", "/studio/%00index.html",
        ] {
            let (code, answer) = try await server.rawGet(path)
            #expect(code == 404 || code == 400, "\(path): \(answer.prefix(200))")
            #expect(!answer.contains("swift-tools-version") && !answer.contains("root:") && !answer.contains("package struct StudioAssets"), "\(path)")
        }
    }

    @Test("without the studio: / and /studio/ are 404, and a browser's GET /graphql is the API's")
    func studioOff() async throws {
        let server = try await StudioServer.start(studio: false)
        defer { server.stop() }
        #expect(try await server.request("/").status == 404)
        #expect(try await server.request("/studio/index.html").status == 404)
        #expect(try await server.request("/studio/config.json").status == 404)
        let browser = try await server.request("/graphql", headers: ["Accept": "text/html"])
        #expect(browser.status == 401)
        let plan = try await server.request("/studio/plan", method: "POST", body: Data(#"{"query":"{__typename}"}"#.utf8), headers: ["x-api-key": server.key])
        #expect(plan.status == 404)
    }

    @Test("every file of Sources/Studio/Assets is compiled into the program under its path, byte for byte")
    func compiledIn() throws {
        let base = StudioAssets.sourceFolder.standardizedFileURL.path
        var onDisk: [String: [UInt8]] = [:]
        let enumerator = try #require(FileManager.default.enumerator(at: StudioAssets.sourceFolder, includingPropertiesForKeys: [.isRegularFileKey]))
        while let url = enumerator.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            onDisk[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = Array(try Data(contentsOf: url))
        }
        let compiled = Dictionary(uniqueKeysWithValues: StudioAssets.embeddedFiles.map { ($0.path, $0.bytes) })
        #expect(onDisk.count > 10)
        #expect(Set(compiled.keys) == Set(onDisk.keys), "add a new file to StudioAssets.embeddedFiles")
        for (path, bytes) in onDisk { #expect(compiled[path] == bytes, "\(path) differs from what was compiled in") }
        #expect(StudioAssets.embedded.files.count == onDisk.count)
    }

    @Test("the studio's files stay under 250 KB in all, so the page stays fast to load")
    func assetBudget() throws {
        var total = 0
        let enumerator = try #require(FileManager.default.enumerator(at: StudioAssets.sourceFolder, includingPropertiesForKeys: [.fileSizeKey]))
        while let url = enumerator.nextObject() as? URL {
            total += try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
        }
        #expect(total > 0)
        #expect(total < 250 * 1024, "Sources/Studio/Assets holds \(total) bytes; the budget is 250 KB")
        #expect(try StudioServer.assets().totalBytes <= total)
    }
}
