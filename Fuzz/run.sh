#!/usr/bin/env bash
# Builds and runs one libFuzzer target for a bounded time:  Fuzz/run.sh TARGET SECONDS [extra libFuzzer flags]
#
# Targets: parser, composer, formatter (YAML input), config (configuration files, globs, regexes), framer,
# message (JSON-RPC input).
# Seeds are copied at run time into a temporary corpus directory (set FUZZ_CORPUS=DIR to keep and reuse a
# corpus between runs): Fuzz/seeds/<target>/, and for the YAML targets every yaml-test-suite `in.yaml` plus
# a sample of the shared corpus (files under 32 KB), both found through PUREYAML_SHARED or ../shared.
# A crash, a time-out (-timeout per input) or running out of memory (-rss_limit_mb) stops the run with a
# non-zero exit status and leaves the input in Fuzz/.build/artifacts/<target>/ (minimise it with
# `Fuzz/.build/bin/<target> -minimize_crash=1 -runs=10000 FILE`).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]}
seconds=${2:?usage: Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]}
shift 2

binary=$(Fuzz/build.sh "$target" | tail -1)

shared=${PUREYAML_SHARED:-$(pwd)/../shared}
cleanup=()
trap 'rm -rf "${cleanup[@]}"' EXIT
if [[ -n ${FUZZ_CORPUS:-} ]]; then
  corpus=$FUZZ_CORPUS
  mkdir -p "$corpus"
else
  corpus=$(mktemp -d "${TMPDIR:-/tmp}/pureyaml-fuzz-$target.XXXXXX")
  cleanup+=("$corpus")
fi
seeds=$(mktemp -d "${TMPDIR:-/tmp}/pureyaml-seeds-$target.XXXXXX")
cleanup+=("$seeds")
[[ -d Fuzz/seeds/$target ]] && cp Fuzz/seeds/"$target"/* "$seeds"/ 2>/dev/null || true

case $target in
  parser|composer|formatter)
    max_len=16384
    [[ -d Fuzz/seeds/yaml ]] && cp Fuzz/seeds/yaml/* "$seeds"/
    if [[ -d $shared/yaml-test-suite ]]; then
      for f in "$shared"/yaml-test-suite/*/in.yaml; do
        cp "$f" "$seeds/suite-$(basename "$(dirname "$f")").yaml"
      done
      # Every seventh small file of the corpus (about 600 files).
      find "$shared/corpus" -type f \( -name '*.yaml' -o -name '*.yml' \) -size -32k 2>/dev/null | sort \
        | awk 'NR % 7 == 0' | while read -r f; do
          cp "$f" "$seeds/corpus-$(echo "$f" | sha1sum | cut -c1-12).yaml"
        done
    else
      echo "run.sh: no shared folder at $shared (set PUREYAML_SHARED); using the committed seeds only" >&2
    fi
    ;;
  *) max_len=8192 ;;
esac

artifacts=${FUZZ_BUILD_DIR:-Fuzz/.build}/artifacts/$target
mkdir -p "$artifacts"
echo "run.sh: fuzzing $target for ${seconds}s ($(ls "$seeds" | wc -l) seeds)" >&2
# Swift's backtracer would wait for a terminal on a crash; libFuzzer reports crashes itself.
# Leak detection is off: the Swift runtime's metadata caches look like leaks to LeakSanitizer.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
status=0
"$binary" "$corpus" "$seeds" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len="$max_len" \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" || status=$?
if [[ $status -ne 0 ]]; then
  echo "run.sh: $target FAILED (exit $status); inputs in $artifacts/" >&2
fi
exit $status
