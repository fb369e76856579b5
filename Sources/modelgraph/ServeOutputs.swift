import ArgumentParser
import ClientConfig
import Foundation
import JSON
import Logging
import ModelIR
import Store

/// `serve --outputs FILE`: the client configuration written at start with the URL the server serves, so a
/// development loop needs no second command. A `.js` file name writes Gen 1's `aws-exports.js` and
/// `amplifyconfiguration.json` into its folder; any other, Gen 2's `amplify_outputs.json` there.
struct ServeOutputs: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write the client configuration here at start, with the URL served and the API key (env MODELGRAPH_OUTPUTS): amplify_outputs.json, or a .js path for aws-exports.js and amplifyconfiguration.json.",
            valueName: "file"))
    var outputs: String? = ProcessInfo.processInfo.environment["MODELGRAPH_OUTPUTS"]

    /// The key to write: the one serve just made, else the one the file already holds while it is still valid
    /// (the secret of an older key is not stored, so it cannot be written otherwise).
    func apiKey(made: String?, keys: APIKeyStore) async -> String? {
        if let made { return made }
        guard let outputs, let text = try? String(contentsOfFile: Self.gen2Path(outputs) ?? Self.gen1JSONPath(outputs), encoding: .utf8),
            let value = try? JSONReader.parse(Array(text.utf8))
        else { return nil }
        let kept = value["data"]?["api_key"] ?? value["aws_appsync_apiKey"]
        guard case .string(let key)? = kept, case .valid = await keys.check(key) else { return nil }
        return key
    }

    /// Writes the files for the server at `url`; a failure to write is logged, not fatal.
    func write(url: String, apiKey: String?, modes: [AuthProvider], userPool: ClientConfiguration.UserPool?, schema: Schema, logger: Logger) {
        guard let outputs else { return }
        var configuration = ClientConfiguration(url: url, apiKey: apiKey, modes: modes)
        configuration.userPool = userPool
        let files: [(String, String)]
        if let path = Self.gen2Path(outputs) {
            files = [(path, configuration.amplifyOutputs(for: schema))]
        } else {
            let folder = URL(fileURLWithPath: outputs).deletingLastPathComponent()
            files = [
                (folder.appendingPathComponent("aws-exports.js").path, configuration.awsExports()),
                (Self.gen1JSONPath(outputs), configuration.amplifyConfigurationJSON()),
            ]
        }
        for (path, text) in files {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                logger.info(
                    "client configuration: wrote \(path) for \(url)\(apiKey == nil && modes.contains(.apiKey) ? " (without an API key: pass one with modelgraph outputs --api-key)" : "")"
                )
            } catch {
                logger.error("client configuration: cannot write \(path): \(error.localizedDescription)")
            }
        }
    }

    /// The Gen 2 file, or nil for a `.js` path (Gen 1).
    static func gen2Path(_ outputs: String) -> String? { outputs.hasSuffix(".js") ? nil : outputs }

    /// Gen 1's JSON file beside a `.js` path.
    static func gen1JSONPath(_ outputs: String) -> String {
        URL(fileURLWithPath: outputs).deletingLastPathComponent().appendingPathComponent("amplifyconfiguration.json").path
    }

    /// The URL clients call for a server listening on `host`: a wildcard address is reached as `localhost`.
    static func url(scheme: String, host: String, port: Int) -> String {
        let reachable = ["0.0.0.0", "::", "[::]", ""].contains(host) ? "localhost" : (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
        return "\(scheme)://\(reachable):\(port)/graphql"
    }
}
