"""An OTLP/HTTP trace receiver for the tracing tests: answers POST /v1/traces (application/x-protobuf, decoded with
the OpenTelemetry project's own generated bindings, opentelemetry-proto) and appends one JSON line per span to
--out: trace and span ids in hex, parent span id, name, kind, start and end in nanoseconds, attributes, status.
Writes the port it listens on (127.0.0.1, chosen by the system) to --port-file once it is ready.
"""

import argparse
import json
import os
import signal
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from opentelemetry.proto.collector.trace.v1 import trace_service_pb2

lock = threading.Lock()


def value(any_value):
    """An attribute's value as plain JSON."""
    kind = any_value.WhichOneof("value")
    if kind == "array_value":
        return [value(item) for item in any_value.array_value.values]
    if kind is None:
        return None
    return getattr(any_value, kind)


def spans(request):
    """Every span of an ExportTraceServiceRequest as a dictionary."""
    for resource_spans in request.resource_spans:
        resource = {item.key: value(item.value) for item in resource_spans.resource.attributes}
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                yield {
                    "service": resource.get("service.name"),
                    "traceId": span.trace_id.hex(),
                    "spanId": span.span_id.hex(),
                    "parentSpanId": span.parent_span_id.hex(),
                    "traceState": span.trace_state,
                    "name": span.name,
                    "kind": span.kind,
                    "start": span.start_time_unix_nano,
                    "end": span.end_time_unix_nano,
                    "attributes": {item.key: value(item.value) for item in span.attributes},
                    "events": [event.name for event in span.events],
                    "status": {"code": span.status.code, "message": span.status.message},
                }


def handler(out):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            if self.path != "/v1/traces" or self.headers.get("Content-Type") != "application/x-protobuf":
                self.send_response(404)
                self.end_headers()
                return
            request = trace_service_pb2.ExportTraceServiceRequest()
            request.ParseFromString(body)
            with lock, open(out, "a", encoding="utf-8") as file:
                for span in spans(request):
                    file.write(json.dumps(span) + "\n")
            answer = trace_service_pb2.ExportTraceServiceResponse().SerializeToString()
            self.send_response(200)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *arguments):
            pass

    return Handler


def main():
    # A child of the test process starts with its signals blocked: take SIGTERM back, so that stopping it works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True, help="the JSON-lines file spans are appended to")
    parser.add_argument("--port-file", required=True, help="where the listening port is written")
    options = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler(options.out))
    temporary = options.port_file + ".tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(str(server.server_address[1]))
    os.replace(temporary, options.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
