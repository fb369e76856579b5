import Execution
import Testing

/// The response bodies' text, byte for byte: the data JSON is spliced in as it came, keys are quoted.
@Suite("Response JSON text")
struct ResponseJSONTests {
    @Test("root fields are written in order under their quoted keys, and the body wraps them with its errors and lsn")
    func bodies() {
        #expect(ResponseJSON.object([]) == "{}")
        #expect(ResponseJSON.object([(key: "a", json: "1"), (key: "b\"c", json: "[{\"x\":null}]")]) == #"{"a":1,"b\"c":[{"x":null}]}"#)
        #expect(ResponseJSON.body(data: #"{"a":1}"#, errors: []) == #"{"data":{"a":1}}"#)
        #expect(ResponseJSON.body(data: nil, errors: []) == #"{"data":null}"#)
        #expect(ResponseJSON.body(data: "{}", errors: [], lsn: "0/16B3748") == #"{"data":{},"extensions":{"lsn":"0/16B3748"}}"#)
        let failed = ResponseJSON.body(data: nil, errors: [ResponseError(message: "no", errorType: "Unauthorized")])
        #expect(failed.hasPrefix(#"{"data":null,"errors":[{"#) && failed.hasSuffix("}]}") && failed.contains(#""message":"no""#))
    }
}
