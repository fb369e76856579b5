-- dynamodb-import-scalars

CREATE TABLE "Sample" (
  "id" text COLLATE "C" NOT NULL,
  "at" text COLLATE "C",
  "stamp" bigint,
  "email" text COLLATE "C",
  "url" text COLLATE "C",
  "phone" text COLLATE "C",
  "ip" text COLLATE "C",
  "names" text[] COLLATE "C",
  "counts" integer[],
  "blob" text COLLATE "C",
  "zoned" timestamptz,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
