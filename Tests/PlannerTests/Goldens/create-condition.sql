-- createMember (mutation) (no row = conditional check failed)
INSERT INTO "Member" ("id", "name", "teamId") SELECT (gen_random_uuid())::text, $1::text, $2::text FROM (SELECT (NULL)::text AS "id", (NULL)::text AS "name", (NULL)::text AS "role", (NULL)::text AS "teamId", (NULL)::timestamptz AS "createdAt", (NULL)::timestamptz AS "updatedAt") AS "t0" WHERE coalesce(("t0"."name" IS NULL), FALSE) RETURNING ("id")::text
-- parameters: 'A', 't1'
-- read back (first 1 parameter(s) = the written key)
SELECT json_build_object('id', "t0"."id") FROM "Member" AS "t0" WHERE ("t0"."id" = $1::text)
-- parameters: NULL
