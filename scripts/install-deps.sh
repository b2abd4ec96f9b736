#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian machine with the Swift toolchain:
# the C libraries (found through pkg-config) and the Python test tools. Safe to run repeatedly;
# does nothing when everything is present.
set -euo pipefail

need_apt=()
pkg-config --exists yaml-0.1 2>/dev/null || need_apt+=(libyaml-dev)
pkg-config --exists jansson 2>/dev/null || need_apt+=(libjansson-dev)
pkg-config --exists sqlite3 2>/dev/null || need_apt+=(libsqlite3-dev)
pkg-config --exists libbson-1.0 2>/dev/null || need_apt+=(libbson-dev)
pkg-config --exists zlib 2>/dev/null || need_apt+=(zlib1g-dev)
pkg-config --exists liblzma 2>/dev/null || need_apt+=(liblzma-dev)
pkg-config --exists libzstd 2>/dev/null || need_apt+=(libzstd-dev)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
command -v sqlite3 >/dev/null 2>&1 || need_apt+=(sqlite3)
[ -x /usr/bin/time ] || need_apt+=(time)
# The tests compress their inputs with the xz and zstd tools.
command -v xz >/dev/null 2>&1 || need_apt+=(xz-utils)
command -v zstd >/dev/null 2>&1 || need_apt+=(zstd)
# The completion tests load the generated scripts in the real shells.
command -v zsh >/dev/null 2>&1 || need_apt+=(zsh)
command -v fish >/dev/null 2>&1 || need_apt+=(fish)
# The benchmarks compile bench/limit_loader.c with the system C compiler.
if [ "${1:-}" = "--bench" ] && ! command -v cc >/dev/null 2>&1; then need_apt+=(gcc libc6-dev); fi

if [ ${#need_apt[@]} -gt 0 ]; then
    echo "install-deps: installing ${need_apt[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq >/dev/null
    $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

python_need=()
python3 -c "import jsonschema" 2>/dev/null || python_need+=(jsonschema)
python3 -c "import bson.json_util" 2>/dev/null || python_need+=(pymongo)
if [ "${1:-}" = "--bench" ]; then
    python3 -c "import sqlite_utils" 2>/dev/null || python_need+=(sqlite-utils)
fi
if [ ${#python_need[@]} -gt 0 ]; then
    echo "install-deps: pip install ${python_need[*]}" >&2
    python3 -m pip install -q --disable-pip-version-check "${python_need[@]}" 2>&1 | grep -v "Running pip as the 'root' user" >&2 || true
    for module in "${python_need[@]}"; do
        python3 -c "import ${module//-/_}" || { echo "install-deps: could not install $module" >&2; exit 1; }
    done
fi
