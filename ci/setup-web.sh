#!/usr/bin/env bash
# Installs what the browser test of `make test` (make web-test) needs: Debian's chromium,
# through apt-get, when it is missing. Fails loudly where it cannot install it.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ci/setup-web.sh: chromium is missing and apt-get is not available: install Chromium (a 'chromium' on PATH) by hand" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo=sudo; else
    echo "ci/setup-web.sh: chromium is missing; run as root: apt-get install chromium" >&2; exit 1
  fi
fi
echo "ci/setup-web.sh: installing chromium (apt-get)"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
command -v chromium >/dev/null 2>&1 || { echo "ci/setup-web.sh: chromium did not install" >&2; exit 1; }
