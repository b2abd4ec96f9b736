#!/usr/bin/env bash
# GEOWITHIN over N imported places through realm-export --query: circle, box across the
# antimeridian and polygon with a hole, against the same export with FALSEPREDICATE (process
# start, schema, empty result) and with a string predicate that also calls an SQL function on
# every row. The circle's and the box's rows are first checked against an independent
# computation in Python.
#
# env: RUNS=5, GEO_N=100000 (places)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
work="$BENCH_OUT/geo"
rm -rf "$work"; mkdir -p "$work"
count=${GEO_N:-100000}
python3 - "$count" > "$work/places.json" <<'PY'
import json, random, sys
random.seed(15)
print('{"Place": [')
n = int(sys.argv[1])
for i in range(n):
    lon, lat = random.uniform(-180, 180), random.uniform(-70, 75)
    doc = {"name": "p%d" % i, "location": {"type": "Point", "coordinates": [lon, lat]}}
    print(json.dumps(doc) + ("," if i < n - 1 else ""))
print(']}')
PY
echo "geo: importing $count places" >&2
"$BIN/realm-import" --store "$work/geo.sqlite" --schema "$(dirname "$0")/geo.yaml" --quiet "$work/places.json"

circle="location GEOWITHIN geoCircle([12.5683, 55.6761], 0.2)"
box="location GEOWITHIN geoBox([170, -20], [-170, 10])"
polygon="location GEOWITHIN geoPolygon({[-10, 35], [30, 35], [40, 60], [10, 70], [-10, 60], [-10, 35]}, {[0, 45], [10, 45], [10, 50], [0, 50], [0, 45]})"
string="name ENDSWITH 'zzz'"
export_query() { "$BIN/realm-export" --store "$work/geo.sqlite" --class Place --ndjson --query "$1"; }
names() { export_query "$1" | python3 -c 'import json, sys; print("\n".join(sorted(json.loads(l)["name"] for l in sys.stdin)))'; }

# The same rows as an independent computation: great-circle angle, latitude and longitude ranges.
python3 - "$work/places.json" > "$work/expected.txt" <<'PY'
import json, math, sys
places = json.load(open(sys.argv[1]))["Place"]
def vec(lon, lat):
    lon, lat = math.radians(lon), math.radians(lat)
    return (math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat))
c = vec(12.5683, 55.6761)
chord2 = (2 * math.sin(0.1)) ** 2
circle = sorted(p["name"] for p in places if sum((a - b) ** 2 for a, b in zip(c, vec(*p["location"]["coordinates"]))) <= chord2)
box = sorted(p["name"] for p in places
             if -20 <= p["location"]["coordinates"][1] <= 10 and (p["location"]["coordinates"][0] >= 170 or p["location"]["coordinates"][0] <= -170))
print("\n".join(circle)); print("--"); print("\n".join(box))
PY
{ names "$circle"; echo "--"; names "$box"; } > "$work/store.txt"
cmp -s "$work/store.txt" "$work/expected.txt" || { echo "geo: the store and the Python computation disagree" >&2; exit 1; }
rows() { export_query "$1" | wc -l; }
circle_rows=$(rows "$circle"); box_rows=$(rows "$box"); polygon_rows=$(rows "$polygon")

runs=${RUNS:-5}
for i in $(seq "$runs"); do
    measure "$work/none.t" "$work/none.rss" "$BIN/realm-export" --store "$work/geo.sqlite" --class Place --ndjson --query FALSEPREDICATE
    measure "$work/string.t" "$work/string.rss" "$BIN/realm-export" --store "$work/geo.sqlite" --class Place --ndjson --query "$string"
    measure "$work/circle.t" "$work/circle.rss" "$BIN/realm-export" --store "$work/geo.sqlite" --class Place --ndjson --query "$circle"
    measure "$work/box.t" "$work/box.rss" "$BIN/realm-export" --store "$work/geo.sqlite" --class Place --ndjson --query "$box"
    measure "$work/polygon.t" "$work/polygon.rss" "$BIN/realm-export" --store "$work/geo.sqlite" --class Place --ndjson --query "$polygon"
    echo "geo run $i/$runs" >&2
done
none=$(median "$work/none.t")
per() { awk -v t="$1" -v z="$none" -v n="$count" 'BEGIN {printf "%.2f", (t - z) / n * 1e6}'; }
row() { local t; t=$(median "$work/$1.t"); echo "| $2 | $3 | $t s | $(per "$t") µs |"; }
cat <<MD
## GEOWITHIN over $count places

\`realm-export --query\` on $count imported places (random points, latitude -70…75), printing the
matching objects as NDJSON to /dev/null. The circle's and the box's rows were first checked
identical to an independent computation in Python. "Per place" is the time above the
FALSEPREDICATE export (process start, schema, no rows) divided by the number of places, so it
includes printing the matching rows. Release build, $runs alternating runs, median wall time.

| query | rows | wall time (median) | per place |
| --- | --- | --- | --- |
| \`FALSEPREDICATE\` | 0 | $none s | |
$(row string "\`$string\` (an SQL function on every row too)" 0)
$(row circle "circle of 0.2 rad around Copenhagen" "$circle_rows")
$(row box "box across the antimeridian" "$box_rows")
$(row polygon "polygon of 5 edges with a hole" "$polygon_rows")
MD
