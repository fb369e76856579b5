-- updatePost (mutation) (no row = conditional check failed)
WITH "written" AS (UPDATE "Post" AS "t0" SET "title" = $3::text, "updatedAt" = now(), "_version" = ("t0"."_version" + 1), "_lastChangedAt" = ((date_part('epoch', now()) * 1000))::bigint WHERE (("t0"."id" = $1::text) AND ("t0"."_version" = $2::integer)) RETURNING "t0".*) SELECT to_json("__r$2") FROM "written" AS "t1", LATERAL (SELECT "t1"."id" AS "id", "t1"."title" AS "title", "t1"."_version" AS "_version") AS "__r$2"
-- parameters: 'p', '2', 't'
-- conflict read
SELECT to_json("__r$1") FROM "Post" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."title" AS "title", "t0"."_version" AS "_version") AS "__r$1" WHERE (("t0"."id" = $1::text) AND (NOT ("t0"."_version" = $2::integer)))
-- parameters: 'p', '2'
