-- custom-operations

CREATE TABLE "Post" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "rating" integer,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Comment" (
  "id" text COLLATE "C" NOT NULL,
  "content" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "postCommentsId" text COLLATE "C",
  PRIMARY KEY ("id")
);

CREATE INDEX "Comment_postCommentsId" ON "Comment" ("postCommentsId", "id");

ALTER TABLE "Comment" ADD CONSTRAINT "Comment_postCommentsId_fkey" FOREIGN KEY ("postCommentsId") REFERENCES "Post" ("id") ON DELETE SET NULL;
