#!/usr/bin/env bash
# Creates a bounded context from scripts/context-template: crates/NAME with its domain, service, private
# store, API, permissions, demo data, one migration for both engines and tests on both engines; registers
# it in the server (one line in crates/server/Cargo.toml); runs its tests; and regenerates what is
# generated from the code (OpenAPI, the TypeScript client, the access table, the web guard's rules).
#
#   scripts/new-context.sh NAME        NAME in snake_case: finance, demo_ctx
#
# To remove a context: delete crates/NAME and its line in crates/server/Cargo.toml, then run
# scripts/regenerate.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

name=${1:?usage: scripts/new-context.sh NAME (snake_case)}
[[ $name =~ ^[a-z][a-z0-9_]*$ ]] || { echo "NAME must be snake_case: $name" >&2; exit 2; }
[ ! -e "crates/$name" ] || { echo "crates/$name already exists" >&2; exit 2; }
# demo_ctx → DemoCtx (the context type), DEMO_CTX (permission statics).
Name=$(sed -E 's/(^|_)([a-z0-9])/\U\2/g' <<<"$name")
NAME=${name^^}
version=$(date -u +%Y%m%d%H%M%S)

cp -r scripts/context-template "crates/$name"
# File names first (deepest first, so renaming a folder never breaks a path still to visit).
find "crates/$name" -depth -name '*__*' | while read -r path; do
  base=$(basename "$path")
  new=$(sed -e "s/__version__/$version/g" -e "s/__name__/$name/g" <<<"$base")
  mv "$path" "$(dirname "$path")/$new"
done
find "crates/$name" -type f -exec sed -i \
  -e "s/__NAME__/$NAME/g" -e "s/__Name__/$Name/g" -e "s/__name__/$name/g" {} +

# Register: the line goes after the last context line of the server's dependencies.
python3 - "$name" <<'PY'
import re, sys
name = sys.argv[1]
path = "crates/server/Cargo.toml"
lines = open(path).read().split("\n")
last = max(i for i, l in enumerate(lines) if re.match(r'^[a-z0-9_-]+ = \{ path = "\.\./', l))
lines.insert(last + 1, f'{name} = {{ path = "../{name}" }}')
open(path, "w").write("\n".join(lines))
PY

echo "== crates/$name criado e registrado; testes do contexto"
cargo test -p "$name"
scripts/regenerate.sh
echo "== pronto: crates/$name (contexto $Name). Veja docs/architecture.md, 'Um contexto novo'."
