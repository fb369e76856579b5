/* =============================================================
 * amplify/data/resource.ts — written by hand, reformatted twice
 * ============================================================= */
import {
  type ClientSchema, // the client's types
  a,
  defineData,
} from "@aws-amplify/backend";

/*== STEP 1 ===============================================================
The section below creates a Todo database table with a "content" field. Try
adding a new "isDone" field as a boolean. The authorization rule below
specifies that any user authenticated via an API key can "create", "read",
"update", and "delete" any "Todo" records.
=========================================================================*/
const schema = a.schema({ // models
  Todo: a
    .model({
      content: a.string(), // what to do
      "isDone": a.boolean().default(false), /* quoted key */
      ['priority']: a.integer(),
      dueOn: a
        .date()
        // a comment in the middle of a chain
        .required(),
    })
    .authorization(allow => [allow.publicApiKey(),]),

  // Several statuses, declared once.
  TodoList: a.model({ name: a.string().required(), todos: a.hasMany('TodoItem', 'listId'), }).authorization((allow) => {
    // A block body with a return.
    const rules = [allow.publicApiKey()];
    return rules;
  }),
  TodoItem: a.model({
    listId: a.id(),
    list: a.belongsTo('TodoList', 'listId'),
    label: a.string(),
  })
    .authorization(
      (allow) =>
        allow.publicApiKey()
    ),
});

export type Schema = ClientSchema<typeof schema>;

export const data = defineData({
  schema,
  authorizationModes: {
    defaultAuthorizationMode: 'apiKey',
    // API Key is used for a.allow.public() rules
    apiKeyAuthorizationMode: {
      expiresInDays: 30,
    },
  },
});

/*== STEP 2 ===============================================================
Go to your frontend source code. From your client-side code, generate a
Data client to make CRUDL requests to your table.
=========================================================================*/
// "use client"
// import { generateClient } from "aws-amplify/data";
// const client = generateClient<Schema>() // use this Data client for CRUDL requests
