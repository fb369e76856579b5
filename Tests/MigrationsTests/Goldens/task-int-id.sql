-- task-int-id

CREATE TABLE "Task" (
  "id" integer NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
