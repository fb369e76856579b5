-- batchDeletePerson (mutation)
WITH "w0" AS (DELETE FROM "Person" AS "t0" WHERE ("t0"."id" = $1::text) RETURNING "t0".*), "w1" AS (DELETE FROM "Person" AS "t2" WHERE ("t2"."id" = $2::text) RETURNING "t2".*) SELECT array_to_json(ARRAY[(SELECT to_json("__r$5") FROM "w0" AS "t4", LATERAL (SELECT "t4"."id" AS "id") AS "__r$5"), (SELECT to_json("__r$7") FROM "w1" AS "t6", LATERAL (SELECT "t6"."id" AS "id") AS "__r$7")]), (SELECT count(*) FROM "w0" AS "t1"), (SELECT count(*) FROM "w1" AS "t3")
-- parameters: 'a', 'b'
-- reference check Post_authorId_fkey (Post.author): SELECT count(*) FROM "Post" AS "t0" WHERE (("t0"."authorId" = $1::text) OR ("t0"."authorId" = $2::text)) -- ["a", "b"]
-- expected count: column 1 = 1, else conditionalCheckFailed
-- expected count: column 2 = 1, else conditionalCheckFailed
