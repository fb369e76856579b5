\set n random(1, 100)
\set m random(0, 10)
SELECT json_build_object('data', json_build_object('countPosts',
  (SELECT count(*) FROM "Post" p WHERE p."blogId" = md5('blog-' || :n)::uuid::text AND p."rating" >= :m)));
