-- objectbox-style

CREATE TABLE "Customer" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Order" (
  "id" text COLLATE "C" NOT NULL,
  "summary" text COLLATE "C",
  "customerId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Order_customerId" ON "Order" ("customerId", "id");

CREATE TABLE "TreeNode" (
  "id" text COLLATE "C" NOT NULL,
  "label" text COLLATE "C" NOT NULL,
  "parentId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "TreeNode_parentId" ON "TreeNode" ("parentId", "id");

CREATE TABLE "Student" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Teacher" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "StudentTeacher" (
  "id" text COLLATE "C" NOT NULL,
  "studentId" text COLLATE "C" NOT NULL,
  "teacherId" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "StudentTeacher_byStudent" ON "StudentTeacher" ("studentId", "id");

CREATE INDEX "StudentTeacher_byTeacher" ON "StudentTeacher" ("teacherId", "id");

ALTER TABLE "Order" ADD CONSTRAINT "Order_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE SET NULL;

ALTER TABLE "TreeNode" ADD CONSTRAINT "TreeNode_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "TreeNode" ("id") ON DELETE SET NULL;

ALTER TABLE "StudentTeacher" ADD CONSTRAINT "StudentTeacher_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student" ("id") ON DELETE CASCADE;

ALTER TABLE "StudentTeacher" ADD CONSTRAINT "StudentTeacher_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher" ("id") ON DELETE CASCADE;
