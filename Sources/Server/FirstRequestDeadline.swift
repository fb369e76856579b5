import HummingbirdCore
import Logging
import NIOCore

/// The request-head deadline of a connection's first request. With WebSocket upgrades on, the HTTP handlers
/// (and `ConnectionDeadlines` among them) join a connection's pipeline only once its first request head has
/// arrived, so a client that connects and sends nothing, or trickles its first head, would hold the connection
/// forever. This handler sits in front, on bytes, from the start: it closes the connection when no request
/// head is complete within the timeout, and is disarmed once `ConnectionDeadlines` takes over or the
/// connection becomes a WebSocket.
final class FirstRequestDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    private var disarmed = false

    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    /// Stops the timer for good (another handler keeps time from now on).
    func disarm() {
        disarmed = true
        timer?.cancel()
        timer = nil
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard !disarmed, timer == nil else { return }
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    /// Disarms the deadline of `channel`'s pipeline, if it has one (call on its event loop).
    static func disarm(in pipeline: ChannelPipeline) {
        try? pipeline.syncOperations.handler(type: FirstRequestDeadline.self).disarm()
    }
}

/// A child channel that puts `FirstRequestDeadline` in front of another's setup.
struct FirstRequestDeadlineChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let timeout: TimeAmount
    /// True on a plain-HTTP port: a client's TLS handshake is noticed in the log (`TLSHandshakeNotice`).
    var noticesTLS = false

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            if noticesTLS { try channel.pipeline.syncOperations.addHandler(TLSHandshakeNotice(logger: logger)) }
            try channel.pipeline.syncOperations.addHandler(FirstRequestDeadline(timeout: timeout))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
