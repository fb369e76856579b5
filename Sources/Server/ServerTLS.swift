import NIOSSL

/// Reads the TLS files `serve --tls-cert/--tls-key` names into a server configuration.
enum ServerTLS {
    static func configuration(_ files: TLSFiles) throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificateChain)
        } catch {
            throw TLSFilesError(description: "could not read the TLS certificate chain at \(files.certificateChain): \(error)")
        }
        do {
            key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem)
        } catch {
            throw TLSFilesError(description: "could not read the TLS private key at \(files.privateKey): \(error)")
        }
        guard !chain.isEmpty else { throw TLSFilesError(description: "\(files.certificateChain) holds no certificate") }
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }
}

/// The TLS files could not be used.
struct TLSFilesError: Error, CustomStringConvertible {
    let description: String
}
