-- customer-cart

CREATE TABLE "Cart" (
  "id" text COLLATE "C" NOT NULL,
  "items" text[] COLLATE "C" NOT NULL,
  "customerId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Cart_customerId" ON "Cart" ("customerId", "id");

CREATE TABLE "Customer" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

ALTER TABLE "Cart" ADD CONSTRAINT "Cart_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE SET NULL;
