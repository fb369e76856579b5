-- custom-primary-keys

CREATE TABLE "Book" (
  "isbn" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "description" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("isbn")
);

CREATE TABLE "Edition" (
  "isbn" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "description" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("isbn", "title")
);

CREATE TABLE "CustomerNoId" (
  "firstName" text COLLATE "C",
  "lastName" text COLLATE "C",
  "id" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "CustomerWithId" (
  "id" text COLLATE "C" NOT NULL,
  "firstName" text COLLATE "C",
  "lastName" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "CustomerCustomKey" (
  "customerId" text COLLATE "C" NOT NULL,
  "firstName" text COLLATE "C",
  "lastName" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("customerId")
);

CREATE TABLE "CustomerIdKey" (
  "id" text COLLATE "C" NOT NULL,
  "dob" timestamptz NOT NULL,
  "firstName" text COLLATE "C",
  "lastName" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "CustomerIdSortKey" (
  "id" text COLLATE "C" NOT NULL,
  "dob" timestamptz NOT NULL,
  "firstName" text COLLATE "C",
  "lastName" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id", "dob")
);

CREATE TABLE "CustomerIdInSortKey" (
  "country" text COLLATE "C" NOT NULL,
  "id" text COLLATE "C" NOT NULL,
  "firstName" text COLLATE "C",
  "lastName" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("country", "id")
);

CREATE TABLE "CustomerZip" (
  "zip" text COLLATE "C" NOT NULL,
  "username" text COLLATE "C" NOT NULL,
  "firstName" text COLLATE "C",
  "lastName" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("zip", "username")
);
