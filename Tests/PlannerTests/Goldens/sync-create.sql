-- createPost (mutation)
WITH "written" AS (INSERT INTO "Post" ("id", "title", "rating", "status") VALUES ((gen_random_uuid())::text, $1::text, $2::integer, $3::text) RETURNING *) SELECT to_json("__r$1") FROM "written" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."_version" AS "_version", "t0"."_lastChangedAt" AS "_lastChangedAt") AS "__r$1"
-- parameters: 't', '1', 'ACTIVE'
