-- add text indexes

CREATE INDEX "Post_title_insensitive" ON "Post" ((lower(("title" COLLATE "und-x-icu"))) text_pattern_ops);

CREATE EXTENSION IF NOT EXISTS "pg_trgm";

CREATE INDEX "Post_title_trigram" ON "Post" USING gin ((lower(("title" COLLATE "und-x-icu"))) gin_trgm_ops);

CREATE INDEX "Post_content_search" ON "Post" USING gin ((to_tsvector('simple', "content")));

CREATE INDEX "Comment_content_trigram" ON "Comment" USING gin ((lower(("content" COLLATE "und-x-icu"))) gin_trgm_ops);
