import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Lets a request's body in, or keeps it out, at the connection:
/// - A client that asks `Expect: 100-continue` waits for the server's go-ahead before it sends its body (curl
///   does so for bodies over 1 MiB, waiting a second when no answer comes). The go-ahead is sent at once when
///   the declared length fits `maximumBodySize`; otherwise none is, and the request handler refuses the
///   request on its declared length, so the body is never sent at all.
/// - A response that says `Connection: close` (an oversized body's 413) closes the connection once it is
///   written, so the rest of a body the server refused is not read and thrown away byte by byte.
final class BodyAdmission: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let maximumBodySize: Int
    /// True from a final response head that says `Connection: close` to its end.
    private var closeAfterResponse = false

    /// Creates the handler for one connection.
    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let request) = unwrapInboundIn(data), Self.expectsContinue(request), Self.declaredLength(request).map({ $0 <= maximumBodySize }) ?? true {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response) where response.status.kind != .informational:
            closeAfterResponse = response.headerFields.value(of: .connection)?.lowercased() == "close"
        case .end where closeAfterResponse:
            closeAfterResponse = false
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let written = context.write(data)
            written.whenComplete { _ in bound.value.close(promise: nil) }
            written.cascade(to: promise)
            return
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// True when the request asks for a go-ahead before its body.
    static func expectsContinue(_ request: HTTPRequest) -> Bool {
        request.headerFields.value(of: .expect)?.trimmingCharacters(in: .whitespaces).lowercased() == "100-continue"
    }

    /// The body length the request declares, when it declares one.
    static func declaredLength(_ request: HTTPRequest) -> Int? {
        // Every request asks, so the usual bare number is read without Foundation's trimming.
        request.headerFields.value(of: .contentLength).flatMap { Int($0) ?? Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
