-- deletePost (mutation) (no row = conditional check failed)
WITH "written" AS (UPDATE "Post" AS "t0" SET "_deleted" = TRUE, "_version" = ("t0"."_version" + 1), "_lastChangedAt" = ((date_part('epoch', now()) * 1000))::bigint WHERE (("t0"."id" = $1::text) AND ("t0"."_version" = $2::integer)) RETURNING "t0".*), "cascade_1" AS (UPDATE "PostEditor" AS "c" SET "_deleted" = TRUE, "_version" = ("c"."_version" + 1), "_lastChangedAt" = ((date_part('epoch', now()) * 1000))::bigint WHERE (("c"."_deleted" IS DISTINCT FROM TRUE) AND (EXISTS (SELECT 1 FROM "written" AS "p" WHERE ("p"."id" = "c"."postId")))) RETURNING "c".*) SELECT to_json("__r$2") FROM "written" AS "t1", LATERAL (SELECT "t1"."id" AS "id", "t1"."_deleted" AS "_deleted", "t1"."_version" AS "_version") AS "__r$2"
-- parameters: 'p', '2'
-- conflict read
SELECT to_json("__r$1") FROM "Post" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."_deleted" AS "_deleted", "t0"."_version" AS "_version") AS "__r$1" WHERE (("t0"."id" = $1::text) AND (NOT ("t0"."_version" = $2::integer)))
-- parameters: 'p', '2'
