#!/usr/bin/env bash
# Cross-checks the generated schemas with an independent validator (check-jsonschema):
# clean samples pass, structural mistakes fail (and sharelint reports them too), the
# JSON report matches its schema, the GitLab Code Quality report the schema written from
# GitLab's documentation, and the SARIF report the OASIS schema.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v check-jsonschema >/dev/null 2>&1 || ! python3 -c "import yaml" 2>/dev/null; then
  python3 -m pip install -q check-jsonschema pyyaml
fi
sharelint=.build/debug/sharelint
[ -x "$sharelint" ] || swift build -q
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

split() { # out-dir files...: one JSON file per YAML document
  python3 - "$@" <<'PY'
import sys, os, json, yaml
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for path in sys.argv[2:]:
    for i, doc in enumerate(yaml.safe_load_all(open(path, encoding="utf-8"))):
        name = os.path.basename(path).rsplit(".", 1)[0] + "-%d.json" % i
        json.dump(doc, open(os.path.join(out, name), "w"), ensure_ascii=False)
PY
}

echo "== the committed schema is what sharelint prints"
diff <("$sharelint" schema) Schemas/share-configuration.schema.json

echo "== clean samples pass the schema"
split "$tmp/clean" samples/*.share.yaml
check-jsonschema --schemafile Schemas/share-configuration.schema.json "$tmp"/clean/*.json

echo "== structural mistakes fail the schema, and sharelint reports them"
split "$tmp/invalid" Schemas/examples/invalid/*.yaml
for doc in "$tmp"/invalid/*.json; do
  if check-jsonschema --schemafile Schemas/share-configuration.schema.json "$doc" >/dev/null 2>&1; then
    echo "the schema accepted $(basename "$doc")" >&2
    exit 1
  fi
done
for file in Schemas/examples/invalid/*.yaml; do
  if "$sharelint" validate --quiet "$file" >/dev/null; then
    echo "sharelint accepted $file" >&2
    exit 1
  fi
done
echo "rejected $(ls "$tmp"/invalid/*.json | wc -l) documents, as sharelint does"

echo "== the .sharelint.yml schema is what sharelint prints, accepts good files and rejects bad ones"
diff <("$sharelint" schema config) Schemas/sharelint-config.schema.json
cat > "$tmp/full.sharelint.yml" <<'YAML'
root: .
include: ["shares/**/*.share.yaml"]
exclude: ["**/fixtures/**"]
locale: zh-Hans
ios: 18
allowedURLSchemes: [weixin]
maxTitleLength: 200
maxFileSize: 1048576
rules:
  insecure-url: error
  implicit-type: warn
  no-header-preview: off
YAML
printf 'includ: [x]\nrules:\n  insecure-uri: error\n' > "$tmp/bad1.sharelint.yml"
printf 'rules:\n  insecure-url: loud\n' > "$tmp/bad2.sharelint.yml"
split "$tmp/config-good" .sharelint.yml "$tmp/full.sharelint.yml"
check-jsonschema --schemafile Schemas/sharelint-config.schema.json "$tmp"/config-good/*.json
split "$tmp/config-bad" "$tmp/bad1.sharelint.yml" "$tmp/bad2.sharelint.yml"
for doc in "$tmp"/config-bad/*.json; do
  if check-jsonschema --schemafile Schemas/sharelint-config.schema.json "$doc" >/dev/null 2>&1; then
    echo "the .sharelint.yml schema accepted $(basename "$doc")" >&2
    exit 1
  fi
done

echo "== the JSON report matches its schema"
"$sharelint" validate --format json samples samples/invalid > "$tmp/report.json" || true
check-jsonschema --schemafile Schemas/sharelint-report.schema.json "$tmp/report.json"

echo "== the GitLab Code Quality report matches Schemas/external/gitlab-codequality.schema.json"
"$sharelint" validate --format gitlab samples samples/invalid > "$tmp/report.gitlab.json" || true
check-jsonschema --schemafile Schemas/external/gitlab-codequality.schema.json "$tmp/report.gitlab.json"
echo "== each GitLab issue matches GitLab's own schema (Schemas/external/gitlab-codeclimate.json)"
python3 - "$tmp/report.gitlab.json" "$tmp/issues" <<'PY'
import sys, os, json
os.makedirs(sys.argv[2], exist_ok=True)
for i, issue in enumerate(json.load(open(sys.argv[1], encoding="utf-8"))):
    json.dump(issue, open(os.path.join(sys.argv[2], "issue-%d.json" % i), "w"), ensure_ascii=False)
PY
check-jsonschema --schemafile Schemas/external/gitlab-codeclimate.json "$tmp"/issues/*.json
printf '[{"description": "x", "check_name": "r", "fingerprint": "f", "severity": "error", "location": {"path": "./a"}}]' > "$tmp/bad.gitlab.json"
if check-jsonschema --schemafile Schemas/external/gitlab-codequality.schema.json "$tmp/bad.gitlab.json" >/dev/null 2>&1; then
  echo "the GitLab Code Quality schema accepted a bad severity, a ./ path and no lines" >&2
  exit 1
fi

sarif_schema=../shared/schemas-external/sarif-schema-2.1.0.json
if [ -f "$sarif_schema" ]; then
  echo "== the SARIF report matches the OASIS SARIF 2.1.0 schema"
  "$sharelint" validate --format sarif samples samples/invalid > "$tmp/report.sarif" || true
  check-jsonschema --schemafile "$sarif_schema" "$tmp/report.sarif"
else
  echo "== (no $sarif_schema here: SARIF schema check skipped)"
fi
