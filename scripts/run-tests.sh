#!/usr/bin/env bash
# Runs the built test suite with every temporary file of the tests (and of the tools they run)
# in one directory of its own: TMPDIR points there. When every test passes the directory is
# removed; when one fails it is kept, and its path printed, so the failing test's files can
# be looked at. Without this a run left about 300 MB in /tmp (Temporary.directory keeps its
# directories on purpose).
#
# usage: scripts/run-tests.sh [SWIFT] — SWIFT is the swift command (default: swift)
set -uo pipefail
swift=${1:-swift}
root=$(mktemp -d "${TMPDIR:-/tmp}/realm-tools-tests.XXXXXX") || exit 1
# As open as /tmp: some tests run the tools as another user (a store it may not write).
chmod 1777 "$root"
TMPDIR=$root "$swift" test --skip-build
status=$?
if [ "$status" -eq 0 ]; then
    rm -rf "$root"
else
    echo "run-tests: the tests' temporary files are kept in $root" >&2
fi
exit "$status"
