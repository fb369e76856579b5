#!/usr/bin/env python3
"""Checks that Package.swift and the imports agree: every module a target imports is one it declares (or the
system's), and every dependency a target declares is imported somewhere in it. Reads `swift package
dump-package`; exits 1 naming each mismatch."""
import glob
import json
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True, capture_output=True, text=True).stdout)
system = {"Foundation", "FoundationNetworking", "FoundationEssentials", "Glibc", "Darwin", "Musl", "Synchronization", "Dispatch", "Testing"}
importLine = re.compile(r"^\s*(?:@\w+\s+)*(?:package |public |internal |@_exported )?import (?:struct |enum |class |func )?(\w+)")
problems = []
for target in package["targets"]:
    if target["type"] == "system":
        continue
    declared = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
    imported = set()
    # Excluded folders (golden files, say) are not compiled into the target, so their imports do not count.
    excluded = [os.path.join(root, folder, entry) for entry in target.get("exclude", [])]
    for path in glob.glob(os.path.join(root, folder, "**", "*.swift"), recursive=True):
        if any(path == entry or path.startswith(entry + os.sep) for entry in excluded):
            continue
        with open(path, encoding="utf-8") as source:
            for line in source:
                match = importLine.match(line)
                if match:
                    imported.add(match.group(1))
    for module in sorted(imported - declared - system):
        problems.append(f"{target['name']} imports {module} but Package.swift does not declare it")
    for module in sorted(declared - imported):
        problems.append(f"{target['name']} declares {module} but never imports it")
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
