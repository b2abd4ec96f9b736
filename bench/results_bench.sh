#!/usr/bin/env bash
# Issue 13's Results questions (count, filter + count, filter + first, sorted + first, results[n/2],
# iteration reading one property, sum) on n objects, each asked through the typed API (Realm,
# Results), the dynamic API (Store) and the sqlite3 shell in hand-written SQL on the same file.
# Every answer is checked against the shell's before the numbers are reported.
#
# env: RUNS=3, RESULTS_SIZES="100000 1000000" (objects), RESULTS_TIMEOUT=60 (seconds a question
#      may take in one process before it is recorded as a timeout)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
work="$BENCH_OUT/results"
rm -rf "$work"; mkdir -p "$work"
sizes=${RESULTS_SIZES:-100000 1000000}
runs=${RUNS:-3}
limit=${RESULTS_TIMEOUT:-60}
bench="$BIN/realm-results-bench"
questions="count filter-count filter-first sorted-first index iterate sum"
apis="typed dynamic sqlite3"

# same A B: whether two answers are equal (as numbers when both are: the shell prints 2.0 as 2.0,
# Swift too, but a sum may differ in notation).
same() {
    [ "$1" = "$2" ] || awk -v a="$1" -v b="$2" 'BEGIN { exit !(a ~ /^[-0-9.e+]+$/ && b ~ /^[-0-9.e+]+$/ && a + 0 == b + 0) }'
}

# shell_answer DB QUESTION POSITION: the sqlite3 shell's answer (for iterate, the total length of
# the names it prints).
shell_answer() {
    local sql
    sql="$("$bench" sql "$2" "$3")"
    if [ "$2" = iterate ]; then
        sqlite3 "$1" "$sql" | LC_ALL=C awk '{ s += length($0) } END { print s + 0 }'
    else
        sqlite3 "$1" "$sql"
    fi
}

# ask PREFIX API QUESTION DB POSITION: one run in a fresh process under /usr/bin/time and
# `timeout $limit`. Appends the question's time (in the process, open excluded) to PREFIX.t, the
# open to PREFIX.open, the process wall to PREFIX.wall, peak RSS (KiB) to PREFIX.rss and the
# answer to PREFIX.answer; a run that times out writes PREFIX.timeout instead.
# The shell: `.output /dev/null`, a first statement that reads the schema (the shell opens
# lazily: this is its open), then `.timer on` around the question; its "real" time is the
# question's, at the shell's millisecond resolution.
ask() {
    local prefix="$1" api="$2" question="$3" db="$4" position="$5" status
    local log="$prefix.log"
    set +e
    if [ "$api" = sqlite3 ]; then
        printf '.output /dev/null\nSELECT count(*) FROM sqlite_master;\n.timer on\n%s\n' \
            "$("$bench" sql "$question" "$position")" > "$log.sql"
        /usr/bin/time -f '%e %M' -o "$log.time" timeout "$limit" sqlite3 "$db" < "$log.sql" > "$log.out" 2> "$log.err"
    else
        /usr/bin/time -f '%e %M' -o "$log.time" timeout "$limit" "$bench" "$api" "$question" "$db" "$position" \
            < /dev/null > "$log.out" 2> "$log.err"
    fi
    status=$?
    set -e
    if [ "$status" -eq 124 ]; then
        touch "$prefix.timeout"
        return 0
    fi
    if [ "$status" -ne 0 ]; then
        echo "results: $api $question on $db failed (status $status):" >&2
        cat "$log.err" >&2
        exit 1
    fi
    tail -1 "$log.time" | awk '{ print $1 }' >> "$prefix.wall"
    tail -1 "$log.time" | awk '{ print $2 }' >> "$prefix.rss"
    if [ "$api" = sqlite3 ]; then
        awk '/^Run Time:/ { print $4 }' "$log.out" >> "$prefix.t"
    else
        awk '{ print $1 }' "$log.out" >> "$prefix.answer"
        awk '{ print $2 }' "$log.out" >> "$prefix.open"
        awk '{ print $3 }' "$log.out" >> "$prefix.t"
    fi
}

# cell PREFIX FILE-SUFFIX FORMAT: the median of PREFIX.SUFFIX, or "timeout" / "–".
cell() {
    if [ -f "$1.timeout" ] && [ ! -s "$1.$2" ]; then echo "timeout (> $limit s)"
    elif [ ! -s "$1.$2" ]; then echo "–"
    else printf "$3" "$(median "$1.$2")"
    fi
}

# ratio_cell A-PREFIX SHELL-PREFIX: median question time of A over the shell's. Below 5 ms the
# shell's millisecond timer cannot give a ratio; the cell then shows how much longer A took.
ratio_cell() {
    local shell
    shell="$(median "$2.t")"
    if [ -f "$1.timeout" ] && [ ! -s "$1.t" ]; then
        awk -v l="$limit" -v s="$shell" 'BEGIN { if (s < 0.005) print "timeout"; else printf "> %.0f×\n", l / s }'
    else
        awk -v a="$(median "$1.t")" -v s="$shell" 'BEGIN {
            d = a - s
            if (s >= 0.005) printf "%.2f×\n", a / s
            else if (d >= 1 || d <= -1) printf "shell < 5 ms; %+.2f s\n", d
            else printf "shell < 5 ms; %+.1f ms\n", d * 1000 }'
    fi
}

fills=""
load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
for n in $sizes; do
    db="$work/items-$n.realm"
    position=$((n / 2))
    echo "results: populating $n objects" >&2
    fill_start=$(date +%s.%N)
    "$bench" populate "$db" "$n"
    fills="$fills $n: $(awk -v a="$fill_start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}') s;"
    for i in $(seq "$runs"); do
        for question in $questions; do
            for api in $apis; do
                prefix="$work/$n.$question.$api"
                # A question that timed out once is not asked again at this size.
                [ -f "$prefix.timeout" ] || ask "$prefix" "$api" "$question" "$db" "$position"
            done
        done
        echo "results: $n objects, run $i/$runs" >&2
    done
    # Every answer given must be the shell's.
    for question in $questions; do
        want="$(shell_answer "$db" "$question" "$position")"
        echo "$want" > "$work/$n.$question.expected"
        for api in typed dynamic; do
            [ -f "$work/$n.$question.$api.answer" ] || continue
            while read -r got; do
                same "$got" "$want" || {
                    echo "results: $api $question on $n objects answered $got, the sqlite3 shell $want" >&2
                    exit 1
                }
            done < "$work/$n.$question.$api.answer"
        done
    done
done

cat <<MD
## Results: the typed API, the dynamic Store and the sqlite3 shell

Issue 13's questions on one store of n \`Item\` objects (8 properties: int primary key \`id\`,
\`name\`, \`age\` **indexed**, \`score\`, bool, date, optional string, ObjectId; seeded values,
\`Sources/realm-results-bench\`), each asked through the typed API (\`realm.objects(Item.self)\`
…), the dynamic \`Store\` and the \`sqlite3\` shell in hand-written SQL on the same file. Each run
of each question is a fresh process (so peak RSS is the question's); contenders alternate, $runs
runs, medians. Before the numbers are reported, every answer of the typed and the dynamic API is
checked equal to the shell's (the \`id\` found, the count, the sum). The \`filter\` is
\`age > 30\`; \`results[n/2]\` and the shell's \`OFFSET\` are in insertion order. The shell's
filter-first says \`NOT INDEXED\`: with the \`age\` index SQLite would fetch every match and
sort them by key to find the first (0.17 s at 1e6 objects), where a scan in key order stops at
the first match, as the store's own SQL does.

| question | typed API | dynamic \`Store\` | hand-written SQL |
| --- | --- | --- | --- |
| count | \`objects(Item.self).count\` | \`store.count("Item")\` | \`$("$bench" sql count)\` |
| filter-count | \`.filter("age > 30").count\` | \`store.count("Item", matching:)\` | \`$("$bench" sql filter-count)\` |
| filter-first | \`.filter("age > 30").first\` | \`forEachMatch(…, limit: 1)\` | \`$("$bench" sql filter-first)\` |
| sorted-first | \`.sorted(byKeyPath: "age").first\` | \`forEachMatch("TRUEPREDICATE", sortedBy: [("age", true)], limit: 1)\` | \`$("$bench" sql sorted-first)\` |
| index | \`objects(Item.self)[n/2]\` | \`store.objects("Item")[n/2]\` (all keys: no offset in \`Store\`) | \`SELECT id FROM "Item" ORDER BY _key LIMIT 1 OFFSET n/2;\` |
| iterate | \`for item in … { item.name }\` | \`forEachObject\` + \`store.get(_, "name")\` | \`$("$bench" sql iterate)\` (printed to /dev/null) |
| sum | \`.sum(ofProperty: "score")\` | \`forEachObject\` + \`store.get(_, "score")\` (no aggregates in \`Store\`) | \`$("$bench" sql sum)\` |

**Time** is the question alone, measured inside the process: around the Swift call for the two
APIs (the open, \`Realm(configuration:)\` or \`Store(path:)\`, is measured apart and shown in the
open row), and the shell's \`.timer on\` "real" time of the statement, after a first statement that
made the shell read the schema (its open), with rows sent to \`/dev/null\`; the shell's timer has
millisecond resolution, so where the shell takes under 5 ms the ratio column gives the
difference in milliseconds instead. **Wall** is the whole process (\`/usr/bin/time\`, 10 ms resolution): start,
open, question, exit (for index, also the count that checks n/2 is in range, before the clock). The shell runs with its default settings (2 MiB page cache), and so does a
Realm's connection; a \`Store\` opens with 64 MiB, for imports (a scan fills whichever cache it
has, so peak memory grows with the file up to that size, and filling the cache is what the
dynamic count pays over the shell's: \`count(*)\` walks the 11 MB \`age\` index at 1e6 objects).
Iteration through the typed API steps one statement over the rows (no snapshot of keys), which
after the first 256 rows selects only the columns read (\`name\`); the object handed out reads
the statement's current row in place (copy on step: a row is copied out only for an object
still referenced elsewhere when the loop moves on), the objects of one statement share one state
(the Realm, the model, the live row) until one needs its own, an object the loop did not keep
(nothing else references it) is re-pointed at the next row instead of a new one being made, and
a String, integer, Double or Bool property is decoded straight from SQLite's value into the
Swift value, so a row costs SQLite's step and the name's decoding. \`sum\` is one SQL
\`sum(score)\` plus a count of the NaNs (stored as blobs) among the values. A question that takes longer than $limit s in one process is recorded as a
timeout and not asked again at that size. Issue 13's goal: every ratio ≤ 1.5× at 1,000,000 objects,
and peak memory flat from 1e5 to 1e6. Populating the stores (dynamic API, one write):$fills
load average (1, 5, 15 min) at the start: $load_start, at the end: $(cut -d' ' -f1-3 /proc/loadavg) (2 cores;
other work on the machine slows every contender, the shell included, and under a high load
the ratios of the short questions move by up to 2× from one run of this section to the next).
MD
for n in $sizes; do
    echo
    echo "### $n objects"
    echo
    echo "| question | typed | dynamic | sqlite3 shell | typed / shell | dynamic / shell | typed wall | dynamic wall | shell wall |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    for api in typed dynamic; do
        cat "$work/$n".*."$api".open > "$work/open-$n.$api.open" 2>/dev/null || true
    done
    echo "| open | $(cell "$work/open-$n.typed" open '%.4f s') | $(cell "$work/open-$n.dynamic" open '%.4f s') | (in its first statement) | | | | | |"
    for question in $questions; do
        p="$work/$n.$question"
        echo "| $question | $(cell "$p.typed" t '%.4f s') | $(cell "$p.dynamic" t '%.4f s') | $(cell "$p.sqlite3" t '%.3f s') | $(ratio_cell "$p.typed" "$p.sqlite3") | $(ratio_cell "$p.dynamic" "$p.sqlite3") | $(cell "$p.typed" wall '%.2f s') | $(cell "$p.dynamic" wall '%.2f s') | $(cell "$p.sqlite3" wall '%.2f s') |"
    done
done
echo
echo "### Peak memory per question (RSS, MiB)"
echo
header="| question |"; rule="| --- |"
for api in $apis; do for n in $sizes; do header="$header $api, $n |"; rule="$rule --- |"; done; done
echo "$header"; echo "$rule"
for question in $questions; do
    row="| $question |"
    for api in $apis; do
        for n in $sizes; do
            p="$work/$n.$question.$api"
            if [ -s "$p.rss" ]; then row="$row $(( $(median "$p.rss") / 1024 )) |"
            elif [ -f "$p.timeout" ]; then row="$row timeout |"
            else row="$row – |"; fi
        done
    done
    echo "$row"
done
# The growth of the largest peak among the questions, from the smallest size to the largest.
first=${sizes%% *}; last=${sizes##* }
if [ "$first" != "$last" ]; then
    growth=""
    for api in $apis; do
        small=$(cat "$work/$first".*."$api".rss | sort -n | tail -1)
        large=$(cat "$work/$last".*."$api".rss | sort -n | tail -1)
        growth="$growth $api $(ratio "$large" "$small")× (+$(( (large - small) / 1024 )) MiB),"
    done
    echo
    echo "Largest peak at $last objects over the largest at $first (flat is 1×):${growth%,}."
fi
