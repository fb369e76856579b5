-- sync-blog

CREATE TABLE "Post" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "rating" integer NOT NULL,
  "status" text COLLATE "C" NOT NULL CONSTRAINT "Post_status_check" CHECK (("status" = ANY(ARRAY['ACTIVE', 'INACTIVE']))),
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "_version" integer NOT NULL DEFAULT ('1')::integer,
  "_deleted" boolean,
  "_lastChangedAt" bigint NOT NULL DEFAULT ((date_part('epoch', now()) * 1000))::bigint,
  PRIMARY KEY ("id")
);

CREATE INDEX "Post__lastChangedAt" ON "Post" ("_lastChangedAt", "id");

CREATE TABLE "Comment" (
  "id" text COLLATE "C" NOT NULL,
  "content" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "_version" integer NOT NULL DEFAULT ('1')::integer,
  "_deleted" boolean,
  "_lastChangedAt" bigint NOT NULL DEFAULT ((date_part('epoch', now()) * 1000))::bigint,
  "postCommentsId" text COLLATE "C",
  PRIMARY KEY ("id")
);

CREATE INDEX "Comment_postCommentsId" ON "Comment" ("postCommentsId", "id");

CREATE INDEX "Comment__lastChangedAt" ON "Comment" ("_lastChangedAt", "id");

CREATE TABLE "User" (
  "id" text COLLATE "C" NOT NULL,
  "username" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "_version" integer NOT NULL DEFAULT ('1')::integer,
  "_deleted" boolean,
  "_lastChangedAt" bigint NOT NULL DEFAULT ((date_part('epoch', now()) * 1000))::bigint,
  PRIMARY KEY ("id")
);

CREATE INDEX "User__lastChangedAt" ON "User" ("_lastChangedAt", "id");

CREATE TABLE "PostEditor" (
  "id" text COLLATE "C" NOT NULL,
  "postId" text COLLATE "C" NOT NULL,
  "userId" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "_version" integer NOT NULL DEFAULT ('1')::integer,
  "_deleted" boolean,
  "_lastChangedAt" bigint NOT NULL DEFAULT ((date_part('epoch', now()) * 1000))::bigint,
  PRIMARY KEY ("id")
);

CREATE INDEX "PostEditor_byPost" ON "PostEditor" ("postId", "id");

CREATE INDEX "PostEditor_byUser" ON "PostEditor" ("userId", "id");

CREATE INDEX "PostEditor__lastChangedAt" ON "PostEditor" ("_lastChangedAt", "id");

ALTER TABLE "Comment" ADD CONSTRAINT "Comment_postCommentsId_fkey" FOREIGN KEY ("postCommentsId") REFERENCES "Post" ("id") ON DELETE SET NULL;

ALTER TABLE "PostEditor" ADD CONSTRAINT "PostEditor_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE;

ALTER TABLE "PostEditor" ADD CONSTRAINT "PostEditor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE;
