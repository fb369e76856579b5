-- custom-read-only

CREATE TABLE "Note" (
  "id" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
