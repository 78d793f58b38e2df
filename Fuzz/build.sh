#!/usr/bin/env bash
# Builds one libFuzzer target: Fuzz/build.sh TARGET  ->  Fuzz/.build/bin/TARGET
#
# The package's Sources/<Module>/ folders are compiled straight with swiftc (not SwiftPM), one module at a
# time in dependency order, with `-sanitize=fuzzer,address` so that libFuzzer sees coverage and
# AddressSanitizer sees memory errors. A module's dependencies are read from its `import` lines, so the
# script follows the package as it grows. Each module is rebuilt only when its sources or the flags change
# (a hash stamp in Fuzz/.build/modules/). Set FUZZ_OPT=-Onone for quicker builds and slower fuzzing, and
# FUZZ_BUILD_DIR to build elsewhere than Fuzz/.build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target=${1:?usage: Fuzz/build.sh TARGET (one of: $(cd Fuzz/Targets && ls *.swift | grep -v '^FuzzSupport' | sed 's/\.swift$//' | tr '\n' ' '))}
entry="Fuzz/Targets/$target.swift"
[[ -f $entry ]] || { echo "build.sh: no target '$target' ($entry)" >&2; exit 2; }

opt=${FUZZ_OPT:--O}
flags=(-sanitize=fuzzer,address -parse-as-library -package-name PureYAML -swift-version 6 -g "$opt")
build=${FUZZ_BUILD_DIR:-Fuzz/.build}
mkdir -p "$build/modules" "$build/bin"

# The package-internal modules a set of files imports (anything with a Sources/<name>/ folder).
imports_of() {
  grep -h '^import ' "$@" 2>/dev/null | awk '{print $2}' | sort -u | while read -r m; do
    [[ -d Sources/$m ]] && echo "$m"
  done
}

# Every Swift file of a module, subfolders included (e.g. Sources/YAMLSchema/MetaSchemas/), in a stable order.
module_sources() { find Sources/"$1" -name '*.swift' | LC_ALL=C sort; }

declare -A done_modules=()
objects=()
build_module() {
  local m=$1
  [[ -n ${done_modules[$m]:-} ]] && return
  done_modules[$m]=1
  local dep
  local sources
  mapfile -t sources < <(module_sources "$m")
  for dep in $(imports_of "${sources[@]}"); do
    [[ $dep == "$m" ]] || build_module "$dep"
  done
  local stamp
  stamp=$( (cat "${sources[@]}"; echo "${flags[*]}"; swiftc --version 2>&1) | sha256sum | cut -c1-16)
  local out=$build/modules/$m
  if [[ ! -f $out.o || $(cat "$out.stamp" 2>/dev/null) != "$stamp" ]]; then
    echo "build.sh: compiling $m" >&2
    swiftc "${flags[@]}" -module-name "$m" -wmo -emit-module -emit-module-path "$build/modules/$m.swiftmodule" \
      -I "$build/modules" -c "${sources[@]}" -o "$out.o"
    echo "$stamp" > "$out.stamp"
  fi
  objects+=("$out.o")
}

for m in $(imports_of "$entry" Fuzz/Targets/FuzzSupport.swift); do build_module "$m"; done
echo "build.sh: linking $target" >&2
swiftc "${flags[@]}" -module-name "Fuzz_$target" -I "$build/modules" "$entry" Fuzz/Targets/FuzzSupport.swift \
  "${objects[@]}" -o "$build/bin/$target" 2> >(grep -v 'Cannot export local symbol' >&2)
[[ $build == /* ]] && echo "$build/bin/$target" || echo "$root/$build/bin/$target"
