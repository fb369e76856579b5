-- sync-turned-on

ALTER TABLE "Post" ADD COLUMN "_version" integer NOT NULL DEFAULT ('1')::integer;

ALTER TABLE "Post" ADD COLUMN "_deleted" boolean;

ALTER TABLE "Post" ADD COLUMN "_lastChangedAt" bigint NOT NULL DEFAULT ((date_part('epoch', now()) * 1000))::bigint;

CREATE INDEX "Post__lastChangedAt" ON "Post" ("_lastChangedAt", "id");

ALTER TABLE "Comment" ADD COLUMN "_version" integer NOT NULL DEFAULT ('1')::integer;

ALTER TABLE "Comment" ADD COLUMN "_deleted" boolean;

ALTER TABLE "Comment" ADD COLUMN "_lastChangedAt" bigint NOT NULL DEFAULT ((date_part('epoch', now()) * 1000))::bigint;

CREATE INDEX "Comment__lastChangedAt" ON "Comment" ("_lastChangedAt", "id");

ALTER TABLE "User" ADD COLUMN "_version" integer NOT NULL DEFAULT ('1')::integer;

ALTER TABLE "User" ADD COLUMN "_deleted" boolean;

ALTER TABLE "User" ADD COLUMN "_lastChangedAt" bigint NOT NULL DEFAULT ((date_part('epoch', now()) * 1000))::bigint;

CREATE INDEX "User__lastChangedAt" ON "User" ("_lastChangedAt", "id");

ALTER TABLE "PostEditor" ADD COLUMN "_version" integer NOT NULL DEFAULT ('1')::integer;

ALTER TABLE "PostEditor" ADD COLUMN "_deleted" boolean;

ALTER TABLE "PostEditor" ADD COLUMN "_lastChangedAt" bigint NOT NULL DEFAULT ((date_part('epoch', now()) * 1000))::bigint;

CREATE INDEX "PostEditor__lastChangedAt" ON "PostEditor" ("_lastChangedAt", "id");
