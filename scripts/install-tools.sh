#!/bin/sh
# Installs the tools from BIN_PATH under PREFIX with their completion scripts and man pages,
# which each tool generates from its own command definitions (no hand-kept copies).
# Usage: scripts/install-tools.sh BIN_PATH PREFIX TOOL...
set -eu
bin_path=$1
prefix=$2
shift 2
mkdir -p "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
for tool in "$@"; do
    if [ ! -x "$bin_path/$tool" ]; then
        echo "install: $bin_path/$tool is not built; run 'make build' or 'make install'" >&2
        exit 2
    fi
    install -m 755 "$bin_path/$tool" "$prefix/bin/$tool"
    "$bin_path/$tool" --generate-manpage > "$prefix/share/man/man1/$tool.1"
    "$bin_path/$tool" --generate-completion bash > "$prefix/share/bash-completion/completions/$tool"
    "$bin_path/$tool" --generate-completion zsh > "$prefix/share/zsh/site-functions/_$tool"
    "$bin_path/$tool" --generate-completion fish > "$prefix/share/fish/vendor_completions.d/$tool.fish"
    echo "installed $prefix/bin/$tool"
done
