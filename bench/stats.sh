# Shared helpers for the bench/*_bench.sh sections (sourced, not run).

# median FILE: the median of the numbers in FILE, one a line.
median() {
    sort -g "$1" | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else printf "%.6g\n", (a[NR/2]+a[NR/2+1])/2}'
}

# measure OUTFILE RSSFILE CMD...: run CMD under /usr/bin/time, append wall seconds to OUTFILE,
# peak RSS (KiB) to RSSFILE and CPU seconds (user + system, every thread) to OUTFILE.cpu. Fails if
# CMD fails.
measure() {
    local times="$1" rss="$2"
    shift 2
    local log
    log="$(mktemp)"
    if ! /usr/bin/time -f '%e %M %U %S' -o "$log" "$@" >/dev/null 2>"$log.err"; then
        echo "benchmark command failed: $*" >&2
        cat "$log.err" >&2
        return 1
    fi
    awk '{print $1}' "$log" | tail -1 >> "$times"
    awk '{print $2}' "$log" | tail -1 >> "$rss"
    awk '{printf "%.2f\n", $3 + $4}' "$log" | tail -1 >> "$times.cpu"
    rm -f "$log" "$log.err"
}

# people_data N FILE: N Person documents of bench/gen_people.py (NDJSON) in FILE. A FILE newer than
# the generator is kept from an earlier run; otherwise it is written again (through FILE.part, so
# an interrupted run leaves no truncated FILE behind).
people_data() {
    local generator
    generator="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gen_people.py"
    [ "$2" -nt "$generator" ] && return 0
    echo "generating $1 people into $2" >&2
    python3 "$generator" "$1" > "$2.part"
    mv "$2.part" "$2"
}

# ratio A B: A / B with two decimals, or n/a when B is 0 (times too short to measure, as with
# the tiny inputs of BENCH_QUICK=1).
ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "n/a"; else printf "%.2f\n", a / b }'
}

# fresh_timings DIR: DIR made if missing, without the timings (*.t, *.rss, *.cpu) of an earlier
# run, so that the medians are of this run's numbers only.
fresh_timings() {
    mkdir -p "$1"
    rm -f "$1"/*.t "$1"/*.rss "$1"/*.cpu
}

# sqlite_utils_command: how to run sqlite-utils here (`sqlite-utils`, or `python3 -m sqlite_utils`
# when only the Python module is installed), or nothing when it is not installed.
sqlite_utils_command() {
    if command -v sqlite-utils >/dev/null 2>&1; then
        echo sqlite-utils
    elif python3 -c "import sqlite_utils" 2>/dev/null; then
        echo "python3 -m sqlite_utils"
    fi
}

# build_limit_loader DIR: bench/limit_loader.c (the jansson + prepared sqlite3 floor) built as
# DIR/limit_loader.
build_limit_loader() {
    cc -O2 -o "$1/limit_loader" "$(dirname "${BASH_SOURCE[0]}")/limit_loader.c" -ljansson -lsqlite3
}
