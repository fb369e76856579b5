-- restricted

CREATE TABLE "Note" (
  "id" text COLLATE "C" NOT NULL,
  "text" text COLLATE "C" NOT NULL,
  "secretId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Note_secretId" ON "Note" ("secretId", "id");

CREATE TABLE "Secret" (
  "id" text COLLATE "C" NOT NULL,
  "value" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Audit" (
  "id" text COLLATE "C" NOT NULL,
  "noteId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Audit_noteId" ON "Audit" ("noteId", "id");

ALTER TABLE "Note" ADD CONSTRAINT "Note_secretId_fkey" FOREIGN KEY ("secretId") REFERENCES "Secret" ("id") ON DELETE SET NULL;

ALTER TABLE "Audit" ADD CONSTRAINT "Audit_noteId_fkey" FOREIGN KEY ("noteId") REFERENCES "Note" ("id") ON DELETE SET NULL;
