-- custom-field-resolvers

CREATE TABLE "Author" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "bio" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Book" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "authorBooksId" text COLLATE "C",
  PRIMARY KEY ("id")
);

CREATE INDEX "Book_authorBooksId" ON "Book" ("authorBooksId", "id");

ALTER TABLE "Book" ADD CONSTRAINT "Book_authorBooksId_fkey" FOREIGN KEY ("authorBooksId") REFERENCES "Author" ("id") ON DELETE SET NULL;
