import Crypto
package import Foundation
import SwiftASN1
import X509

/// `serve --dev-tls`: a local certificate authority, made once, and a certificate it signs for this machine's
/// names (`localhost`, `127.0.0.1`, `::1` and the host name), so HTTPS and WSS work on a laptop once the authority
/// is trusted. Amplify's JavaScript, Android and Flutter clients always turn the API's URL into `wss://`; this
/// is what lets them reach a development server without a proxy or a hand-made certificate.
///
/// Everything is kept in one folder (`.modelgraph/dev-tls` by default), readable by its owner only; the private
/// keys are files of mode 0600. The authority is kept for ten years; the server certificate is made again when it
/// is within 30 days of its end (397 days, what browsers accept) or does not name the host.
package struct DevelopmentTLS: Sendable {
    /// The folder of the files.
    package let folder: URL

    /// The authority's certificate: what clients are told to trust.
    package var authorityCertificate: URL { folder.appendingPathComponent("ca.pem") }
    var authorityKey: URL { folder.appendingPathComponent("ca-key.pem") }
    /// The server's certificate chain (its certificate, then the authority's).
    package var serverCertificate: URL { folder.appendingPathComponent("localhost.pem") }
    /// The server's private key.
    package var serverKey: URL { folder.appendingPathComponent("localhost-key.pem") }

    /// The files under `folder`.
    package init(folder: URL) { self.folder = folder }

    /// What preparing the files did.
    package enum Outcome: Equatable, Sendable {
        /// The authority and the certificate were made now.
        case madeAuthority
        /// The authority was kept; the server certificate was made again.
        case renewedCertificate
        /// Both were kept.
        case kept
    }

    /// Makes whatever is missing or due: the authority when there is none, the server certificate when it is
    /// missing, ends within 30 days, or does not name `hostName`.
    package func prepare(hostName: String, now: Date = Date()) throws -> Outcome {
        let manager = FileManager.default
        // Only the folder itself is its owner's alone: its parent (`.modelgraph`) also holds the embedded
        // database's folder, which the `postgres` user must be able to reach.
        try manager.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        var outcome = Outcome.kept
        let authority: (certificate: Certificate, key: P256.Signing.PrivateKey)
        if let kept = try? loadAuthority(), kept.certificate.notValidAfter > now.addingTimeInterval(30 * 86_400) {
            authority = kept
        } else {
            authority = try makeAuthority(now: now)
            outcome = .madeAuthority
        }
        if outcome == .madeAuthority || !serverCertificateIsCurrent(hostName: hostName, issuer: authority.certificate, now: now) {
            try makeServerCertificate(hostName: hostName, authority: authority, now: now)
            if outcome == .kept { outcome = .renewedCertificate }
        }
        return outcome
    }

    private func loadAuthority() throws -> (certificate: Certificate, key: P256.Signing.PrivateKey) {
        let certificate = try Certificate(pemEncoded: String(contentsOf: authorityCertificate, encoding: .utf8))
        let key = try P256.Signing.PrivateKey(pemRepresentation: String(contentsOf: authorityKey, encoding: .utf8))
        return (certificate, key)
    }

    private func makeAuthority(now: Date) throws -> (certificate: Certificate, key: P256.Signing.PrivateKey) {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            OrganizationName("ModelGraph development")
            CommonName("ModelGraph development CA (\(ProcessInfo.processInfo.hostName))")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey), notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(10 * 365 * 86_400), issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(key))
        try write(key.pemRepresentation, to: authorityKey, mode: 0o600)
        try write(try certificate.serializeAsPEM().pemString, to: authorityCertificate, mode: 0o644)
        return (certificate, key)
    }

    /// The names the server certificate covers.
    static func names(hostName: String) -> [GeneralName] {
        var names: [GeneralName] = [.dnsName("localhost")]
        if !hostName.isEmpty, hostName != "localhost" { names.append(.dnsName(hostName)) }
        names.append(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])))
        names.append(.ipAddress(ASN1OctetString(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1]))))
        return names
    }

    private func serverCertificateIsCurrent(hostName: String, issuer: Certificate, now: Date) -> Bool {
        // The chain file holds the server's certificate first, then the authority's.
        let end = "-----END CERTIFICATE-----"
        guard let text = try? String(contentsOf: serverCertificate, encoding: .utf8), FileManager.default.fileExists(atPath: serverKey.path),
            let first = text.components(separatedBy: end).first, let certificate = try? Certificate(pemEncoded: first + end),
            certificate.issuer == issuer.subject,
            certificate.notValidAfter > now.addingTimeInterval(30 * 86_400),
            let alternatives = try? certificate.extensions.subjectAlternativeNames
        else { return false }
        return Self.names(hostName: hostName).allSatisfy { alternatives.contains($0) }
    }

    private func makeServerCertificate(hostName: String, authority: (certificate: Certificate, key: P256.Signing.PrivateKey), now: Date) throws {
        let key = P256.Signing.PrivateKey()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey), notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(397 * 86_400), issuer: authority.certificate.subject,
            subject: try DistinguishedName {
                OrganizationName("ModelGraph development")
                CommonName("localhost")
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(Self.names(hostName: hostName))
            },
            issuerPrivateKey: .init(authority.key))
        try write(key.pemRepresentation, to: serverKey, mode: 0o600)
        let chain = try certificate.serializeAsPEM().pemString + "\n" + authority.certificate.serializeAsPEM().pemString + "\n"
        try write(chain, to: serverCertificate, mode: 0o644)
    }

    /// Writes `text` to a file created with `mode` (never readable by others before its mode is set).
    private func write(_ text: String, to url: URL, mode: Int) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: url)
        guard manager.createFile(atPath: url.path, contents: Data(text.utf8), attributes: [.posixPermissions: mode]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// How to trust the authority, for people to read.
    package var trustInstructions: String {
        """
        development TLS: HTTPS and WSS with a certificate for localhost, 127.0.0.1, ::1 and \(ProcessInfo.processInfo.hostName), signed by the local authority \(authorityCertificate.path). Trust it once:
          Node (Amplify JS in tests and scripts): NODE_EXTRA_CA_CERTS=\(authorityCertificate.path)
          this machine (Debian/Ubuntu): cp \(authorityCertificate.path) /usr/local/share/ca-certificates/modelgraph-dev.crt && update-ca-certificates
          macOS: security add-trusted-cert -d -r trustRoot -k ~/Library/Keychains/login.keychain-db \(authorityCertificate.path)
          browsers (a web app): import it as a certificate authority in the browser's certificate settings
        """
    }
}
