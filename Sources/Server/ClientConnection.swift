import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a request's client is still there to read its answer.
///
/// Once a request has been read, Hummingbird stops reading its connection until the handler returns, so a
/// client that closes is not noticed by NIO (`isActive` stays true). The kernel knows: the socket leaves the
/// `ESTABLISHED` state when the client's FIN or RST arrives. One `getsockopt(TCP_INFO)` on the connection's
/// event loop asks it. Elsewhere than Linux only `isActive` is asked.
enum ClientConnection {
    /// The kernel's `TCP_ESTABLISHED` (netinet/tcp.h).
    private static let established: UInt8 = 1

    /// False once the client has closed or reset its connection.
    static func isOpen(_ channel: any Channel) async -> Bool {
        guard channel.isActive else { return false }
        #if os(Linux)
            guard let provider = channel as? any SocketOptionProvider, let info = try? await provider.getTCPInfo().get() else { return true }
            return info.tcpi_state == established
        #else
            return true
        #endif
    }
}
