"""The signed-in-user part of scripts/bench (--auth): what a JWT and an owner rule cost.

The server runs a copy of the bench schema whose blogs and posts carry an owner rule beside their public rule,
with the user-pool mode beside API keys, and a JSON Web Key Set file made here (a fresh RSA key). Every seeded
blog and post is given to one user, whose ID token is minted here with openssl. The point lookup (q1) and the
hasMany page (q3) then run with the API key (the public rule: no predicate) and with the token (verification
plus the owner predicate in the statements), interleaved, and the ratio of the two is reported (target ≥ 0.9).
"""
import base64
import json
import os
import re
import statistics
import subprocess
import time

REGION, POOL, CLIENT = "us-east-1", "us-east-1_bench", "bench-client"
SUBJECT, USERNAME = "0b6c1a4e-bench-user", "bench"
OWNED = ("Blog", "Post")


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def schema_with_owner_rules(source):
    """The bench schema with `{ allow: owner }` added to the rules of the owned models."""
    for model in OWNED:
        pattern = rf"(type {model} @model @auth\(rules: \[)\{{ allow: public \}}\]"
        source, count = re.subn(pattern, r"\1{ allow: owner }, { allow: public }]", source)
        if count != 1:
            raise SystemExit(f"bench schema: could not add an owner rule to {model}")
    return source


def signing_material(folder):
    """A fresh RSA key: its JWKS file, and a function that signs a token's header.payload."""
    key = os.path.join(folder, "jwt-key.pem")
    subprocess.run(["openssl", "genrsa", "-out", key, "2048"], check=True, capture_output=True)
    modulus = subprocess.run(["openssl", "rsa", "-in", key, "-noout", "-modulus"], check=True, capture_output=True, text=True).stdout
    n = bytes.fromhex(modulus.strip().split("=", 1)[1])
    jwks = os.path.join(folder, "jwks.json")
    with open(jwks, "w") as handle:
        json.dump({"keys": [{"kty": "RSA", "kid": "bench", "alg": "RS256", "use": "sig", "n": b64url(n), "e": "AQAB"}]}, handle)

    def sign(message):
        return subprocess.run(["openssl", "dgst", "-sha256", "-sign", key], input=message, check=True, capture_output=True).stdout

    return jwks, sign


def id_token(sign):
    """A Cognito-style ID token for the bench user, valid for a day."""
    now = int(time.time())
    header = b64url(json.dumps({"alg": "RS256", "kid": "bench", "typ": "JWT"}).encode())
    payload = b64url(json.dumps({
        "sub": SUBJECT, "cognito:username": USERNAME, "aud": CLIENT, "token_use": "id", "auth_time": now,
        "iss": f"https://cognito-idp.{REGION}.amazonaws.com/{POOL}", "iat": now, "exp": now + 86400,
    }).encode())
    message = f"{header}.{payload}".encode()
    return f"{header}.{payload}.{b64url(sign(message))}"


def serve_arguments(jwks):
    """The serve flags of the user-pool mode beside API keys."""
    return ["--auth-default", "apiKey", "--auth-additional", "userPools", "--cognito-region", REGION, "--cognito-user-pool-id", POOL,
            "--cognito-client-id", CLIENT, "--jwks-file", jwks]


def give_seed_to_user(psql, server, run):
    """Every seeded blog and post belongs to the bench user."""
    owner = f"{SUBJECT}::{USERNAME}"
    statements = "".join(f"UPDATE \"{model}\" SET \"owner\" = '{owner}';\n" for model in OWNED)
    run([psql, *server.psql_args(), "-q", "-v", "ON_ERROR_STOP=1", "-c", statements])


def measure(server, args, wrk, token, check):
    """q1 and q3 with the API key and with the token, interleaved; prints and returns the rows."""
    rows = []
    for op in ("q1", "q3"):
        check(op, {"authorization": token})
        for concurrency in [int(level) for level in args.concurrency.split(",")]:
            wrk(op, concurrency, args.warmup, server, headers=None)
            wrk(op, concurrency, args.warmup, server, headers={"authorization": token})
            keyed, signed = [], []
            for _ in range(args.rounds):
                keyed.append(wrk(op, concurrency, args.duration, server, headers=None)[0])
                signed.append(wrk(op, concurrency, args.duration, server, headers={"authorization": token})[0])
            row = {"op": op, "c": concurrency, "key": statistics.median(keyed), "jwt": statistics.median(signed),
                   "ratio": statistics.median([s / k for s, k in zip(signed, keyed)])}
            rows.append(row)
            print(f"  {op} c={concurrency}: API key {row['key']:.0f} req/s, JWT + owner rule {row['jwt']:.0f} req/s, ratio {row['ratio']:.2f}", flush=True)
    table = "| operation | c | API key req/s | JWT + owner rule req/s | ratio (median) | target |\n|---|---|---|---|---|---|\n"
    table += "".join(f"| {row['op']} | {row['c']} | {row['key']:.0f} | {row['jwt']:.0f} | {row['ratio']:.2f} | ≥ 0.9 |\n" for row in rows)
    print("\n" + table)
    return rows
