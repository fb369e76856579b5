"""scripts/bench --import: `modelgraph import dynamodb` against `COPY` of the same rows into the same table.

Generates a full DynamoDB point-in-time export of --rows Post items for the shared workload's schema (gzipped
DynamoDB JSON in 8 data files with their manifests, as DynamoDB writes them; each post belongs to one of the seed's
blogs and authors), and the same rows as CSV. Then, --rounds times: psql `\\copy` of the CSV into "Post" (with the
change log's trigger off, as the import has it), the rows
deleted again, the import of the export (release binary, its own process), the rows deleted again. Reported: rows
per second of both, their ratio (target >= 0.5), and the import process's peak memory.
"""
import csv
import gzip
import json
import os
import resource
import statistics
import subprocess
import sys
import time

FILES = 8


def generate(folder, rows, blogs, people):
    """Writes the export and the CSV; returns the CSV's path."""
    export = os.path.join(folder, "export", "AWSDynamoDB", "01-bench")
    os.makedirs(os.path.join(export, "data"), exist_ok=True)
    csv_path = os.path.join(folder, "posts.csv")
    created = "2026-01-02T03:04:05.678Z"
    outputs = [gzip.open(os.path.join(export, "data", f"part-{n}.json.gz"), "wt", compresslevel=1) for n in range(FILES)]
    with open(csv_path, "w", newline="") as handle:
        writer = csv.writer(handle)
        for i in range(rows):
            post = {"id": f"imp-{i:08d}", "title": f"Imported post {i}", "content": "Lorem ipsum dolor sit amet. " * (1 + i % 4), "rating": i % 11,
                    "status": "PUBLISHED" if i % 3 else "DRAFT", "blogId": blogs[i % len(blogs)], "authorId": people[i % len(people)]}
            item = {"__typename": {"S": "Post"}, "id": {"S": post["id"]}, "title": {"S": post["title"]}, "content": {"S": post["content"]},
                    "rating": {"N": str(post["rating"])}, "status": {"S": post["status"]}, "blogId": {"S": post["blogId"]},
                    "authorId": {"S": post["authorId"]}, "createdAt": {"S": created}, "updatedAt": {"S": created}}
            outputs[i % FILES].write(json.dumps({"Item": item}, separators=(",", ":")) + "\n")
            writer.writerow([post["id"], post["title"], post["content"], post["rating"], post["status"], post["blogId"], post["authorId"], created, created])
    for output in outputs:
        output.close()
    summary = {"version": "2023-08-01", "tableArn": "arn:aws:dynamodb:us-east-1:123456789012:table/Post-bench-dev", "exportTime": created,
               "outputFormat": "DYNAMODB_JSON", "exportType": "FULL_EXPORT", "itemCount": rows,
               "manifestFilesS3Key": "AWSDynamoDB/01-bench/manifest-files.json"}
    with open(os.path.join(export, "manifest-summary.json"), "w") as handle:
        json.dump(summary, handle)
    with open(os.path.join(export, "manifest-files.json"), "w") as handle:
        for n in range(FILES):
            handle.write(json.dumps({"itemCount": len(range(n, rows, FILES)), "dataFileS3Key": f"AWSDynamoDB/01-bench/data/part-{n}.json.gz"}) + "\n")
    return csv_path


def measure(server, binary, folder, schema, psql, args, run):
    """Generates the data, then times COPY and the import, interleaved."""
    rows = args.rows
    blogs = run([psql, *server.psql_args(), "-At", "-c", 'SELECT id FROM "Blog" ORDER BY id']).stdout.split()
    people = run([psql, *server.psql_args(), "-At", "-c", 'SELECT id FROM "Person" ORDER BY id']).stdout.split()
    print(f"generating {rows:,} items …", flush=True)
    csv_path = generate(folder, rows, blogs, people)
    conninfo = f"host={server.pg_socket} port={server.pg_port} user=postgres dbname=postgres"
    delete = [psql, *server.psql_args(), "-q", "-c", "DELETE FROM \"Post\" WHERE id LIKE 'imp-%'", "-c", "VACUUM ANALYZE \"Post\""]
    copies, imports, memories = [], [], []
    for _ in range(args.rounds):
        started = time.monotonic()
        # The import records no change-log row per imported row; neither does the floor.
        run([psql, *server.psql_args(), "-q", "-v", "ON_ERROR_STOP=1", "-c", 'ALTER TABLE "Post" DISABLE TRIGGER modelgraph_record_change', "-c",
             f"\\copy \"Post\"(id,title,content,rating,status,\"blogId\",\"authorId\",\"createdAt\",\"updatedAt\") FROM '{csv_path}' CSV", "-c",
             'ALTER TABLE "Post" ENABLE TRIGGER modelgraph_record_change'])
        copies.append(time.monotonic() - started)
        run(delete)
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        started = time.monotonic()
        batch = ["--batch", str(args.import_batch)] if args.import_batch else []
        result = subprocess.run([binary, "import", "dynamodb", "--schema", schema, "--database-url", conninfo, "--from", os.path.join(folder, "export"), *batch],
                                capture_output=True, text=True)
        imports.append(time.monotonic() - started)
        if result.returncode != 0:
            sys.exit("the import failed:\n" + result.stdout + result.stderr)
        if f"Post | {rows} | {rows} |" not in result.stdout:
            sys.exit("the import did not write every row:\n" + result.stdout)
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        memories.append(max(before, usage.ru_maxrss) / 1024)
        print(f"  import: {imports[-1]:.1f} s, the import process's CPU so far {usage.ru_utime + usage.ru_stime:.1f} s (children)", flush=True)
        run(delete)
    copy_rate, import_rate = rows / statistics.median(copies), rows / statistics.median(imports)
    if args.import_batch:
        print(f"(the import committed every {args.import_batch:,} rows, with its checkpoint)")
    print("\n| rows | COPY rows/s | import rows/s | ratio (target >= 0.5) | import peak RSS MB |\n|---|---|---|---|---|")
    print(f"| {rows:,} | {copy_rate:,.0f} | {import_rate:,.0f} | {import_rate / copy_rate:.2f} | {max(memories):.0f} |")
    print(f"runs (COPY s, import s): {[(round(c, 1), round(i, 1)) for c, i in zip(copies, imports)]}")
