-- catalog

CREATE TABLE "Shelf" (
  "id" text COLLATE "C" NOT NULL,
  "label" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Item" (
  "sku" text COLLATE "C" NOT NULL,
  "kind" text COLLATE "C" NOT NULL CONSTRAINT "Item_kind_check" CHECK (("kind" = ANY(ARRAY['BOOK', 'GAME']))),
  "version" integer NOT NULL,
  "shelfId" text COLLATE "C" NOT NULL,
  "addedOn" date NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "tags" text[] COLLATE "C",
  "price" double precision DEFAULT ('9.5')::double precision,
  "contact" text COLLATE "C",
  "homepage" text COLLATE "C",
  "details" jsonb,
  "region" text COLLATE "C",
  "zone" text COLLATE "C",
  "rack" integer,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("sku", "kind", "version")
);

CREATE INDEX "Item_byShelf" ON "Item" ("shelfId", "addedOn", "sku", "kind", "version");

CREATE INDEX "Item_byRegion" ON "Item" ("region", "zone", "rack", "sku", "kind", "version");

CREATE INDEX "Item_shelfId" ON "Item" ("shelfId", "sku", "kind", "version");

ALTER TABLE "Item" ADD CONSTRAINT "Item_shelfId_fkey" FOREIGN KEY ("shelfId") REFERENCES "Shelf" ("id") ON DELETE RESTRICT;
