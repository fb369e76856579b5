-- commentAndRate: Mutation.commentAndRate, arguments {"postId":"p1","content":"c","rating":2}
WITH added AS (INSERT INTO "Comment" (id, content, "postCommentsId", "createdAt", "updatedAt") VALUES (gen_random_uuid()::text, $1, $2, now(), now())), "__sql$" AS (UPDATE "Post" SET rating = $3 WHERE id = $2 RETURNING id) SELECT coalesce(json_agg(row_to_json("__sql$")), '[]'::json) FROM "__sql$"
-- parameters: 'c', 'p1', '2'
-- records read by key ($1 = the returned records)
SELECT "__m$"."j" FROM (SELECT ("k"."v" ->> 'id')::text AS "id", "k"."ord" AS "__ord$" FROM json_array_elements($1::json) WITH ORDINALITY AS "k"("v", "ord")) AS "__sql$" CROSS JOIN LATERAL (SELECT to_json("__r$1") FROM "Post" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."rating" AS "rating") AS "__r$1" WHERE ("t0"."id" = "__sql$"."id")) AS "__m$"("j") ORDER BY "__sql$"."__ord$" LIMIT 1
-- parameters: 
