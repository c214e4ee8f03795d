#!/usr/bin/env bash
# The public symbols of a library target of the release build (default SparksKit), counted from
# the symbol graph the compiler extracts: `make api-symbols` (docs/embedding.md reports it).
set -euo pipefail
module="${1:-SparksKit}"
build=".build/$(uname -m)-unknown-linux-gnu/release"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
swift symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" -I "$build/Modules" \
  -Xcc -fmodule-map-file="$build/CSparksKernels.build/module.modulemap" -Xcc -I -Xcc Sources/CSparksKernels/include \
  -I Sources/CSparksSDL2 -output-dir "$out" -minimum-access-level public
python3 - "$out" "$module" <<'PY'
import glob, json, sys
symbols = []
for name in glob.glob(f"{sys.argv[1]}/*.symbols.json"):
    symbols += json.load(open(name))["symbols"]
names = sorted({s["pathComponents"][0] for s in symbols})
print(f"{sys.argv[2]}: {len(symbols)} public symbols under {len(names)} names: {', '.join(names)}")
PY
