/* Written by `modelgraph introspect` from an existing database: ModelGraph serves these tables as they are. */
import { a } from "@aws-amplify/data-schema";
import { configure } from "@aws-amplify/data-schema/internals";
import { secret } from "@aws-amplify/backend";

export const schema = configure({
  database: {
    engine: "postgresql",
    connectionUri: secret("SQL_CONNECTION_STRING"),
  },
})
  .schema({
    "passports": a
      .model({
        "id": a.integer().required().default(),
        "person_id": a.integer().required(),
        "number": a.string().required(),
      })
      .identifier(["id"]),
    "people": a
      .model({
        "id": a.integer().required().default(),
        "full_name": a.string().required(),
        "email": a.string(),
        "mood": a.ref("Mood"),
        "nick_names": a.string().array(),
        "profile": a.json(),
        "settings": a.json(),
        "born": a.date(),
        "wakes_at": a.time(),
        "created_at": a.datetime(),
        "updated_at": a.datetime(),
        "balance": a.float(),
        "rating": a.float(),
        "big_count": a.integer(),
        "small_count": a.integer(),
        "external_id": a.id(),
        "manager_id": a.integer(),
      })
      .identifier(["id"]),
    "posts": a
      .model({
        "id": a.integer().required().default(),
        "title": a.string().required(),
        "status": a.ref("PostStatus"),
        "author_id": a.integer().required(),
        "editor_id": a.integer(),
        "tags": a.string().array(),
        "published_at": a.datetime(),
      })
      .identifier(["id"]),
    "post_tags": a
      .model({
        "post_id": a.integer().required(),
        "tag_name": a.string().required(),
        "added_at": a.datetime(),
      })
      .identifier(["post_id", "tag_name"]),
    "shipments": a
      .model({
        "id": a.id().required(),
        "line_no": a.integer().required(),
        "order_no": a.integer().required(),
        "shipped_on": a.date(),
      })
      .identifier(["id"]),
    "tags": a
      .model({
        "name": a.string().required(),
      })
      .identifier(["name"]),
    "Mood": a.enum(["happy", "sad", "meh"]),
    "PostStatus": a.enum(["draft", "published"]),
    "TicketPriority": a.enum(["LOW", "HIGH"]),
  })
  .renameModels(() => [
    ["passports", "Passport"],
    ["people", "Person"],
    ["posts", "Post"],
    ["post_tags", "PostTag"],
    ["shipments", "Shipment"],
    ["tags", "Tag"],
  ])
  .setRelationships((models) => [
    models.Passport.relationships({
      person: a.belongsTo("Person", "person_id"),
    }),
    models.Person.relationships({
      passport: a.hasOne("Passport", "person_id"),
      manager: a.belongsTo("Person", "manager_id"),
      people: a.hasMany("Person", "manager_id"),
      postsByAuthor: a.hasMany("Post", "author_id"),
      postsByEditor: a.hasMany("Post", "editor_id"),
    }),
    models.Post.relationships({
      postTags: a.hasMany("PostTag", "post_id"),
      author: a.belongsTo("Person", "author_id"),
      editor: a.belongsTo("Person", "editor_id"),
    }),
    models.PostTag.relationships({
      post: a.belongsTo("Post", "post_id"),
      tag: a.belongsTo("Tag", "tag_name"),
    }),
    models.Tag.relationships({
      postTags: a.hasMany("PostTag", "tag_name"),
    }),
  ])
  .authorization((allow) => [allow.publicApiKey()]);
