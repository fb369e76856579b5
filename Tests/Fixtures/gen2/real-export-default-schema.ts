// A schema module that exports the schema itself, with `let` and odd spacing.
import { a } from "@aws-amplify/data-schema";

let   schema=a.schema({Message:a.model({body:a.string( ).required( ),
  sentAt :a.timestamp()}).authorization(allow=>allow.publicApiKey())})

export default schema;
