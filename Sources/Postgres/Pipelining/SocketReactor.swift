#if os(Linux)
    import CLinuxEvents
    import Foundation
    import Synchronization

    /// Something whose socket the reactor watches.
    package protocol SocketWatcher: AnyObject, Sendable {
        /// The socket became readable (or closed, or failed).
        func socketReadable()
        /// The socket can take more bytes.
        func socketWritable()
    }

    /// One thread that waits on many sockets with `epoll` and tells their owners when they can read or write.
    /// Non-blocking libpq connections use it so that no thread sits blocked per connection and a statement's
    /// answer wakes exactly one thread, whichever connection it arrives on.
    package final class SocketReactor: Sendable {
        private let epoll: Int32
        private let wakeup: Int32
        private let watchers = Mutex<[Int32: Watched]>([:])
        private let stopped = Atomic<Bool>(false)
        private let inbox = Mutex(Inbox())

        /// Work handed to the reactor thread, and whether that thread is (about to be) blocked in `epoll_wait`.
        private struct Inbox: @unchecked Sendable {
            var jobs: [@Sendable () -> Void] = []
            var sleeping = false
        }

        private struct Watched: @unchecked Sendable {
            /// Held weakly: a connection that went away stops being watched at the next event.
            weak var watcher: (any SocketWatcher)?
            var wantsWrite: Bool
        }

        /// Starts the reactor thread.
        package init(name: String = "postgres-reactor") {
            epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
            wakeup = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
            precondition(epoll >= 0 && wakeup >= 0, "epoll/eventfd unavailable: \(errno)")
            var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(fd: wakeup))
            epoll_ctl(epoll, EPOLL_CTL_ADD, wakeup, &event)
            let thread = Thread { [self] in run() }
            thread.name = name
            thread.start()
        }

        /// Starts watching `socket` for reads, on behalf of `watcher`.
        package func watch(_ socket: Int32, for watcher: any SocketWatcher) {
            watchers.withLock { $0[socket] = Watched(watcher: watcher, wantsWrite: false) }
            var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(fd: socket))
            if epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) != 0 && errno == EEXIST {
                epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
            }
        }

        /// Adds or removes interest in writability (while libpq has bytes it could not send yet).
        package func setWantsWrite(_ wantsWrite: Bool, for socket: Int32) {
            let changed = watchers.withLock { entries -> Bool in
                guard entries[socket] != nil, entries[socket]!.wantsWrite != wantsWrite else { return false }
                entries[socket]!.wantsWrite = wantsWrite
                return true
            }
            guard changed else { return }
            var event = epoll_event(events: EPOLLIN.rawValue | (wantsWrite ? EPOLLOUT.rawValue : 0), data: epoll_data_t(fd: socket))
            epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
        }

        /// Stops watching `socket` (call before closing it).
        package func unwatch(_ socket: Int32) {
            _ = watchers.withLock { $0.removeValue(forKey: socket) }
            var event = epoll_event()
            epoll_ctl(epoll, EPOLL_CTL_DEL, socket, &event)
        }

        /// Runs `job` on the reactor thread, after the events at hand. Wakes the thread only when it is blocked
        /// waiting, so under load many jobs share one wake-up.
        package func execute(_ job: @escaping @Sendable () -> Void) {
            let wake = inbox.withLock { inbox -> Bool in
                inbox.jobs.append(job)
                defer { inbox.sleeping = false }
                return inbox.sleeping
            }
            if wake {
                var one: UInt64 = 1
                _ = CLinuxEvents.write(wakeup, &one, 8)
            }
        }

        /// Ends the thread; sockets still registered are left to their owners.
        package func shutdown() {
            guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
            var one: UInt64 = 1
            _ = CLinuxEvents.write(wakeup, &one, 8)
        }

        private func run() {
            var events = [epoll_event](repeating: epoll_event(), count: 64)
            while !stopped.load(ordering: .acquiring) {
                let jobs = inbox.withLock { inbox -> [@Sendable () -> Void] in
                    let jobs = inbox.jobs
                    inbox.jobs = []
                    inbox.sleeping = jobs.isEmpty
                    return jobs
                }
                for job in jobs { job() }
                // After running jobs, only look for events; block only when there was nothing to do.
                let timeout: Int32 = jobs.isEmpty ? -1 : 0
                let count = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, Int32($0.count), timeout) }
                if count < 0 {
                    if errno == EINTR { continue }
                    break
                }
                for index in 0..<Int(count) {
                    let socket = events[index].data.fd
                    let flags = events[index].events
                    if socket == wakeup {
                        var value: UInt64 = 0
                        _ = read(wakeup, &value, 8)
                        continue
                    }
                    guard let watcher = watchers.withLock({ $0[socket]?.watcher }) else {
                        unwatch(socket)
                        continue
                    }
                    if flags & EPOLLOUT.rawValue != 0 { watcher.socketWritable() }
                    if flags & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 { watcher.socketReadable() }
                }
            }
            for job in inbox.withLock({ inbox in inbox.jobs }) { job() }
            close(epoll)
            close(wakeup)
        }
    }
#endif
