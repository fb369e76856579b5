-- createMember (mutation) (no row = conditional check failed)
WITH "written" AS (INSERT INTO "Member" ("id", "name", "teamId") SELECT (gen_random_uuid())::text, $1::text, $2::text FROM (SELECT (NULL)::text AS "id", (NULL)::text AS "name", (NULL)::text AS "role", (NULL)::text AS "teamId", (NULL)::timestamptz AS "createdAt", (NULL)::timestamptz AS "updatedAt") AS "t0" WHERE coalesce(("t0"."name" IS NULL), FALSE) RETURNING *) SELECT to_json("__r$2") FROM "written" AS "t1", LATERAL (SELECT "t1"."id" AS "id") AS "__r$2"
-- parameters: 'A', 't1'
