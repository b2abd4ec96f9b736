#!/usr/bin/env bash
# make fuzz: builds the fuzz targets of RealmFuzz with libFuzzer and address sanitizer, runs each
# for FUZZ_SECONDS (default 180), adds a few new inputs (FUZZ_KEEP, default 20, of those a
# set-cover merge keeps) to Tests/Fixtures/fuzz/<target>/ and copies
# crashes to Tests/Fixtures/fuzz/<target>/crashes/ (replayed by `make test`). docs/fuzzing.md.
#
#   scripts/fuzz.sh [target ...]        targets: schema import query mapkey bson realm (default: all)
#   FUZZ_SECONDS=60 scripts/fuzz.sh query
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH="${FUZZ_SECONDS:-180}"
OUT="${FUZZ_OUT:-.build/fuzz-out}"
BUILD=.build/fuzz
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(schema import query mapkey bson realm)

# 1. The library modules with sanitizer coverage, in their own build directory.
swift build --build-path "$BUILD" --target RealmFuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -warnings-as-errors >&2
BIN="$(swift build --build-path "$BUILD" --show-bin-path)"

# 2. One binary: libFuzzer's main + scripts/fuzz/entry.swift + the modules' objects.
MODULES=(RealmFormats RealmSchema RealmCodegen RealmQuery RealmEngine RealmInterchange RealmFile RealmFuzz)
OBJECTS=()
for module in "${MODULES[@]}"; do OBJECTS+=("$BIN/$module.build/"*.o); done
MAPS=()
for lib in CSQLite CJansson CYAML CBSON CZlib CLZMA CZstd; do MAPS+=(-Xcc "-fmodule-map-file=Sources/$lib/module.modulemap"); done
# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -parse-as-library -g -I "$BIN/Modules" -I "$BIN" "${MAPS[@]}" \
    $(pkg-config --cflags-only-I libbson-1.0 | sed 's/-I/-Xcc -I/g') \
    scripts/fuzz/entry.swift "${OBJECTS[@]}" \
    $(pkg-config --libs sqlite3 jansson yaml-0.1 libbson-1.0 zlib liblzma libzstd) -o "$BIN/realm-fuzz.new" >"$BUILD/link.log" 2>&1 \
    || { cat "$BUILD/link.log" >&2; exit 1; }
mv -f "$BIN/realm-fuzz.new" "$BIN/realm-fuzz"   # a rename: a run already fuzzing keeps its binary
echo "fuzz: built $BIN/realm-fuzz" >&2

# 3. Each target: fuzz from the repository corpus into a scratch corpus, then merge what is new.
mkdir -p "$OUT"
for target in "${TARGETS[@]}"; do
    corpus="Tests/Fixtures/fuzz/$target"
    scratch="$OUT/$target/corpus"
    crashes="$OUT/$target/artifacts"
    mkdir -p "$corpus/crashes" "$scratch" "$crashes"
    log="$OUT/$target/fuzz.log"
    # A Realm file is made of 4 KiB pages; its inputs are longer than the text formats'.
    max_len=4096
    [ "$target" != realm ] || max_len=16384
    echo "fuzz: $target for ${SECONDS_EACH}s (log $log)" >&2
    status=0
    REALM_FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$BIN/realm-fuzz" "$scratch" "$corpus" \
        -max_total_time="$SECONDS_EACH" -max_len="$max_len" -timeout=20 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 \
        >"$log" 2>&1 || status=$?
    # The run's last coverage line and its final statistics.
    grep -E '^#[0-9]+.*(cov|DONE)' "$log" | tail -1 >&2 || true
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" >&2 || true
    for crash in "$crashes"/crash-* "$crashes"/timeout-* "$crashes"/oom-*; do
        [ -e "$crash" ] || continue
        cp "$crash" "$corpus/crashes/"
        echo "fuzz: $target: $(basename "$crash") → $corpus/crashes/ (status $status)" >&2
    done
    # Keep the repository corpus small: a set-cover merge of it and the scratch corpus, and of
    # that only the FUZZ_KEEP (default 20) smallest inputs the repository does not have yet.
    minimized="$OUT/$target/minimized"
    rm -rf "$minimized"; mkdir -p "$minimized"
    REALM_FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=0 "$BIN/realm-fuzz" -merge=1 -set_cover_merge=1 \
        -max_len="$max_len" "$minimized" "$corpus" "$scratch" >>"$log" 2>&1 || true
    find "$minimized" -maxdepth 1 -type f -printf '%s %f\n' | sort -n | while read -r _ name; do
        [ -e "$corpus/$name" ] || echo "$name"
    done | head -n "${FUZZ_KEEP:-20}" | while read -r name; do cp "$minimized/$name" "$corpus/"; done || true
    echo "fuzz: $target: $(find "$corpus" -maxdepth 1 -type f | wc -l) corpus files" >&2
done
