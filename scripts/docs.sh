#!/bin/sh
# Builds the documentation (DocC, through swift-docc-plugin) of QuartzCore and the modules users
# meet — GLayers, GLayersHost, GLayersScene — as one archive in .build/docs, warnings as errors.
# The article "Porting from Apple's platforms" is docs/porting.md itself, copied into the
# catalog first (not kept there: docs/porting.md is the one copy).
#   scripts/docs.sh            (make docs)
set -eu
cd "$(dirname "$0")/.."
CATALOG=Sources/QuartzCore/QuartzCore.docc
{
    echo "# Porting from Apple's platforms"
    echo
    echo "What differs from Core Animation on Apple's platforms, and the edit that ports it."
    echo
    # The page's own title goes; links to the repository's other pages stay as they are.
    sed '1{/^# /d}' docs/porting.md
} > "$CATALOG/PortingFromApplePlatforms.md"
swift package --disable-sandbox generate-documentation \
    --target GLayers --target QuartzCore --target GLayersHost --target GLayersScene \
    --enable-experimental-combined-documentation --warnings-as-errors --output-path .build/docs
echo "docs: .build/docs (open .build/docs/index.html through a web server, e.g. python3 -m http.server)"
