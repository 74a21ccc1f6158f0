#!/usr/bin/env bash
# Builds Periscope's release binaries for Linux: amd64 (laptops, mini PCs),
# arm64 (Raspberry Pi 3/4/5, Zero 2 W on a 64-bit OS) and armv7 (the same
# boards on a 32-bit OS), with SHA256SUMS, the systemd unit and the install
# script beside them, and all of it in one periscope-VERSION-linux.tar.gz
# (the file a host downloads). The version (git describe: the tag) and the
# commit are stamped into each binary: periscope -version prints them.
#
#   scripts/release.sh [OUT]            # into OUT (default dist/)
#   TARGETS="arm64" scripts/release.sh  # only some of amd64 arm64 armv7
#   VERSION=v1.2.0 scripts/release.sh   # default: git describe
#
# The SQLite driver is C (cgo), so each target needs a C cross compiler; on
# Debian or Ubuntu: sudo apt-get install gcc-aarch64-linux-gnu
# gcc-arm-linux-gnueabihf (and gcc-x86-64-linux-gnu on an ARM host).
#
# The binaries are linked statically (glibc included): they depend on no C
# library of the machine they run on, so Raspberry Pi OS Bookworm (glibc
# 2.36), the older Bullseye (2.31) and any other Linux of the architecture
# run them alike. What static glibc cannot do is switched off at build time
# and not needed by a game server: the pure Go DNS resolver and user lookup
# (netgo, osusergo) instead of glibc's NSS, and no SQLite extension loading
# (dlopen). The script checks each binary has no dynamic section left.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

out=${1:-dist}
targets=${TARGETS:-amd64 arm64 armv7}
version=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
commit=${COMMIT:-$(git rev-parse HEAD 2>/dev/null || echo unknown)}
hostarch=$(go env GOHOSTARCH)
mkdir -p "$out"

for t in $targets; do
	goarm=
	case $t in
	amd64) goarch=amd64 triple=x86_64-linux-gnu pkg=gcc-x86-64-linux-gnu machine='X86-64' ;;
	arm64) goarch=arm64 triple=aarch64-linux-gnu pkg=gcc-aarch64-linux-gnu machine='AArch64' ;;
	armv7) goarch=arm goarm=7 triple=arm-linux-gnueabihf pkg=gcc-arm-linux-gnueabihf machine='ARM' ;;
	*) echo "release: unknown target $t (want amd64, arm64 or armv7)" >&2; exit 2 ;;
	esac
	cc=${triple}-gcc
	if ! command -v "$cc" >/dev/null && [[ $goarch == "$hostarch" ]]; then
		cc=gcc # the machine's own compiler builds for its own architecture
	fi
	if ! command -v "$cc" >/dev/null; then
		echo "release: no C compiler for $t: install $pkg (sudo apt-get install -y $pkg)" >&2
		exit 1
	fi
	bin=$out/periscope-linux-$t
	echo "== $bin ($cc)"
	CGO_ENABLED=1 GOOS=linux GOARCH=$goarch GOARM=$goarm CC=$cc \
		go build -trimpath -buildvcs=false \
		-tags 'netgo osusergo sqlite_omit_load_extension' \
		-ldflags "-s -w -X main.version=$version -X main.commit=$commit -linkmode external -extldflags -static" \
		-o "$bin" .
	# A binary that still asks for a shared library would fail on a Pi whose
	# C library is older than this machine's; say so here instead.
	if readelf -d "$bin" 2>/dev/null | grep -q NEEDED; then
		echo "release: $bin is not static:" >&2
		readelf -d "$bin" | grep NEEDED >&2
		exit 1
	fi
	if ! readelf -h "$bin" | grep -q "Machine:.*$machine"; then
		echo "release: $bin is not an $machine binary:" >&2
		readelf -h "$bin" | grep Machine >&2
		exit 1
	fi
done

cp deploy/periscope.service deploy/install.sh "$out/"
(cd "$out" && sha256sum periscope-linux-* periscope.service install.sh >SHA256SUMS)
echo "== $out/SHA256SUMS ($version)"
cat "$out/SHA256SUMS"

# One archive for a host who does not know the board's architecture:
# install.sh picks the binary by uname -m.
name=periscope-$version-linux
tar -czf "$out/$name.tar.gz" --transform "s,^,$name/," -C "$out" \
	$(cd "$out" && ls periscope-linux-*) periscope.service install.sh SHA256SUMS
(cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "== $out/$name.tar.gz"
