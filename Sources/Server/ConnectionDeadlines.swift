import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is too slow to send a request, so trickled bytes cannot hold a
/// connection (and its memory) forever: the whole request head must arrive within `headTimeout` of the
/// connection opening or of the previous response ending (so it is also the keep-alive idle timeout), and the
/// whole body within `bodyTimeout` of the head. While a request is being answered no deadline runs.
///
/// A request arms and disarms a deadline twice, so arming is only a clock read: one timer per connection
/// wakes at most `min(headTimeout, bodyTimeout)` after it was set, closes the connection when the current
/// deadline has passed, and otherwise sets itself again for the deadline (or that interval, if sooner) or
/// stops when none is armed. Every deadline is at least that interval after it is armed, so the timer is
/// never late for one armed while it waits.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    /// The longest a timer waits before looking at the deadline again.
    private let interval: TimeAmount
    /// When the connection is closed unless the deadline moves or is disarmed first.
    private var deadline: NIODeadline?
    private var timer: Scheduled<Void>?
    /// Requests whose head arrived and whose response has not ended.
    private var unanswered = 0
    /// True between a request's head and its end.
    private var readingBody = false

    /// Creates the handler for one connection.
    init(headTimeout: TimeAmount, bodyTimeout: TimeAmount) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
        self.interval = min(headTimeout, bodyTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        FirstRequestDeadline.disarm(in: context.pipeline)
        if context.channel.isActive { arm(context, headTimeout) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context, headTimeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
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
            deadline = nil
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
        let now = NIODeadline.now()
        deadline = now + timeout
        if timer == nil { schedule(context, at: now + interval) }
    }

    /// Wakes at `due` to close the connection if its deadline has passed, or to wait again.
    private func schedule(_ context: ChannelHandlerContext, at due: NIODeadline) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: due) {
            let (handler, context) = bound.value
            handler.timer = nil
            guard let deadline = handler.deadline else { return }
            let now = NIODeadline.now()
            if deadline <= now {
                context.close(promise: nil)
            } else {
                handler.schedule(context, at: min(deadline, now + handler.interval))
            }
        }
    }

    private func stop() {
        deadline = nil
        timer?.cancel()
        timer = nil
    }
}
