\set n random(1, 100)
WITH p AS (
  INSERT INTO "Post"("id", "title", "rating", "status", "blogId")
  VALUES (gen_random_uuid()::text, 'benchmark post', 5, 'DRAFT', md5('blog-' || :n)::uuid::text)
  RETURNING *),
c AS (
  INSERT INTO "Comment"("id", "content", "postId")
  SELECT gen_random_uuid()::text, 'comment ' || i, p."id" FROM p, generate_series(1, 10) i
  RETURNING *)
SELECT json_build_object('data', json_build_object('createPost', json_build_object(
  'id', p."id", 'title', p."title",
  'comments', json_build_object('items', (SELECT json_agg(json_build_object('id', c."id", 'content', c."content") ORDER BY c."id") FROM c)))))
FROM p;
