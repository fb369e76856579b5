import Logging
import NIOCore
import Synchronization

/// On a plain-HTTP port, notices a client that opens with a TLS handshake (an `https://` or `wss://` URL, as
/// Amplify's JavaScript, Android and Flutter clients always use for subscriptions) and says, in one log line, how
/// to serve TLS. It looks at a connection's first bytes only, then leaves the pipeline; the line is written at
/// most once a minute, so such clients cannot flood the log.
final class TLSHandshakeNotice: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let logger: Logger
    private static let lastNotice = Mutex<ContinuousClock.Instant?>(nil)

    init(logger: Logger) { self.logger = logger }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        // A TLS record of type handshake (22) and major version 3.
        if let first = buffer.getBytes(at: buffer.readerIndex, length: min(2, buffer.readableBytes)), first == [0x16, 0x03], Self.mayNotice() {
            logger.warning(
                "a client opened a TLS handshake on this plain-HTTP port: it wants https:// or wss://. For local development serve with --dev-tls; otherwise give --tls-cert and --tls-key or put a TLS proxy in front"
            )
        }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private static func mayNotice() -> Bool {
        lastNotice.withLock { last in
            let now = ContinuousClock.now
            if let last, now - last < .seconds(60) { return false }
            last = now
            return true
        }
    }
}
