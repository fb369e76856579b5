-- blog-implicit

CREATE TABLE "Post" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "rating" integer NOT NULL,
  "status" text COLLATE "C" NOT NULL CONSTRAINT "Post_status_check" CHECK (("status" = ANY(ARRAY['ACTIVE', 'INACTIVE']))),
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Comment" (
  "id" text COLLATE "C" NOT NULL,
  "content" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "postCommentsId" text COLLATE "C",
  PRIMARY KEY ("id")
);

CREATE INDEX "Comment_postCommentsId" ON "Comment" ("postCommentsId", "id");

CREATE TABLE "User" (
  "id" text COLLATE "C" NOT NULL,
  "username" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "PostEditor" (
  "id" text COLLATE "C" NOT NULL,
  "postId" text COLLATE "C" NOT NULL,
  "userId" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "PostEditor_byPost" ON "PostEditor" ("postId", "id");

CREATE INDEX "PostEditor_byUser" ON "PostEditor" ("userId", "id");

ALTER TABLE "Comment" ADD CONSTRAINT "Comment_postCommentsId_fkey" FOREIGN KEY ("postCommentsId") REFERENCES "Post" ("id") ON DELETE SET NULL;

ALTER TABLE "PostEditor" ADD CONSTRAINT "PostEditor_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE;

ALTER TABLE "PostEditor" ADD CONSTRAINT "PostEditor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE;
