import ArgumentParser
import Foundation
import Logging
import Server

/// `serve --dev-tls [--dev-tls-dir DIR]`: HTTPS and WSS on the port with a certificate of a local authority made
/// once (`DevelopmentTLS`).
struct DevelopmentTLSOptions: ParsableArguments {
    @Flag(
        name: .customLong("dev-tls"),
        help:
            "Serve HTTPS and WSS with a certificate for localhost, 127.0.0.1, ::1 and the host name, signed by a local authority made once; prints how to trust it (env MODELGRAPH_DEV_TLS=1)."
    )
    var flag = false
    @Option(name: .customLong("dev-tls-dir"), help: "Where --dev-tls keeps its authority and certificate (env MODELGRAPH_DEV_TLS_DIR).")
    var folder: String = ProcessInfo.processInfo.environment["MODELGRAPH_DEV_TLS_DIR"] ?? ".modelgraph/dev-tls"

    /// True when asked for by the flag or the environment.
    var enabled: Bool { flag || ProcessInfo.processInfo.environment["MODELGRAPH_DEV_TLS"] == "1" }

    /// The files, when enabled.
    var certificates: DevelopmentTLS? { enabled ? DevelopmentTLS(folder: URL(fileURLWithPath: folder)) : nil }

    /// The server's certificate chain and key, when enabled.
    var files: TLSFiles? { certificates.map { TLSFiles(certificateChain: $0.serverCertificate.path, privateKey: $0.serverKey.path) } }

    /// Makes what is missing or due, and says how to trust the authority.
    func prepare(logger: Logger) throws {
        guard let certificates else { return }
        do {
            switch try certificates.prepare(hostName: ProcessInfo.processInfo.hostName) {
            case .madeAuthority: logger.notice("development TLS: made a local certificate authority and a server certificate in \(folder)")
            case .renewedCertificate: logger.notice("development TLS: made a new server certificate in \(folder)")
            case .kept: break
            }
        } catch {
            throw UserError("--dev-tls cannot write its certificates in \(folder): \(error)")
        }
        FileHandle.standardError.write(Data((certificates.trustInstructions + "\n").utf8))
    }
}
