#!/bin/sh
# Installs the Debian packages glayers needs, if any are missing, and says what it does.
#   scripts/install-deps.sh run    build + run (libraries, Mesa's software OpenGL, fonts)
#   scripts/install-deps.sh test   the above + what the tests and benchmark scripts use (Xvfb,
#                                  xdotool, ImageMagick, GNU time, and chromium, in which the
#                                  check report is opened)
#   scripts/install-deps.sh drivers  the above + the lavapipe Vulkan driver, for zink
#                                  (make test-drivers)
set -eu

BUILD="pkg-config zlib1g-dev libpng-dev libturbojpeg0-dev libwebp-dev libcairo2-dev libpango1.0-dev libfontconfig-dev
       libegl-dev libopengl-dev libgl-dev libx11-dev libxext-dev"
RUNTIME="libegl1 libegl-mesa0 libgl1-mesa-dri libglx-mesa0 fonts-dejavu-core fonts-noto-cjk"
TEST="xvfb xauth xdotool x11-apps x11-utils imagemagick python3 python3-jsonschema time chromium"

case "${1:-run}" in
  run) WANT="$BUILD $RUNTIME" ;;
  test) WANT="$BUILD $RUNTIME $TEST" ;;
  drivers) WANT="$BUILD $RUNTIME $TEST mesa-vulkan-drivers" ;;
  *) echo "usage: $0 run|test|drivers" >&2; exit 2 ;;
esac

if ! command -v swift >/dev/null 2>&1; then
  echo "glayers: Swift is not on PATH. Install Swift 6 from https://www.swift.org/install/linux/ first." >&2
  exit 1
fi

MISSING=""
for p in $WANT; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    MISSING="$MISSING $p"
  fi
done

if [ -z "$MISSING" ]; then
  echo "glayers: all required Debian packages are installed."
  exit 0
fi

echo "glayers: installing missing Debian packages:$MISSING"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
  echo "glayers: using sudo (you may be asked for your password)."
else
  echo "glayers: not root and sudo is not available; install them yourself:" >&2
  echo "    apt-get update && apt-get install -y$MISSING" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
# shellcheck disable=SC2086
$SUDO apt-get install -y --no-install-recommends $MISSING
echo "glayers: installed:$MISSING"
