#!/bin/sh
# Installs what goes with the `glayers` command under PREFIX: shell completions for bash, zsh
# and fish (written by the command itself: swift-argument-parser's
# --generate-completion-script) and the manual pages `make manual` made (swift-argument-parser's
# generate-manual tool).
#
#   scripts/install-extras.sh GLAYERS PREFIX      (make install runs it)
#   MANUAL=DIR   take the manual pages from DIR instead of making them
set -eu
GLAYERS=$1
PREFIX=$2
cd "$(dirname "$0")/.."
[ -x "$GLAYERS" ] || { echo "install-extras: $GLAYERS is not built" >&2; exit 2; }

install -d "$PREFIX/share/bash-completion/completions" "$PREFIX/share/zsh/site-functions" \
    "$PREFIX/share/fish/vendor_completions.d" "$PREFIX/share/man/man1"
"$GLAYERS" --generate-completion-script bash > "$PREFIX/share/bash-completion/completions/glayers"
"$GLAYERS" --generate-completion-script zsh > "$PREFIX/share/zsh/site-functions/_glayers"
"$GLAYERS" --generate-completion-script fish > "$PREFIX/share/fish/vendor_completions.d/glayers.fish"
echo "installed bash, zsh and fish completions under $PREFIX/share"

MANUAL=${MANUAL:-.build/manual}
[ -f "$MANUAL/glayers.1" ] || { echo "install-extras: no manual pages in $MANUAL (make manual)" >&2; exit 2; }
for page in "$MANUAL"/glayers*.1; do
    install -m 644 "$page" "$PREFIX/share/man/man1/"
done
echo "installed the manual pages under $PREFIX/share/man/man1 (man glayers, man glayers.shot, ...)"
