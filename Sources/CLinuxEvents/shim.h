// epoll and eventfd, which Glibc's Swift module does not cover; used by Postgres's SocketReactor.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>
