import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is too slow to send a request, so trickled bytes cannot hold a
/// connection (and its memory) forever: the whole request head must arrive within `headTimeout` of the
/// connection opening or of the previous response ending (so it is also the keep-alive idle timeout), and the
/// whole body within `bodyTimeout` of the head. While a request is being answered no timer runs.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// Requests whose head arrived and whose response has not ended.
    private var unanswered = 0
    /// True between a request's head and its end.
    private var readingBody = false

    /// Creates the handler for one connection.
    init(headTimeout: TimeAmount, bodyTimeout: TimeAmount) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        FirstRequestDeadline.disarm(in: context.pipeline)
        if context.channel.isActive { arm(context, headTimeout) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancel()
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context, headTimeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            readingBody = true
            arm(context, bodyTimeout)
        case .body:
            break
        case .end:
            readingBody = false
            cancel()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0, !readingBody { arm(context, headTimeout) }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext, _ timeout: TimeAmount) {
        cancel()
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: timeout) { bound.value.close(promise: nil) }
    }

    private func cancel() {
        timer?.cancel()
        timer = nil
    }
}
