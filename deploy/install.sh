#!/bin/sh
# Installs Periscope as a service on this machine, from the release files
# beside this script: the binary for this board (uname -m), the systemd
# unit, SHA256SUMS. Run it again to upgrade: the binary is replaced, the
# settings and the matches stay.
#
#   sudo ./install.sh            # the binary beside this script
#   sudo ./install.sh FILE       # another binary (one built from source)
#
# It checks the binary against SHA256SUMS, installs it as
# /usr/local/bin/periscope, creates the periscope user, installs
# /etc/systemd/system/periscope.service and a commented
# /etc/periscope/periscope.env, then enables and (re)starts the service.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
# PERISCOPE_ROOT installs under another root (the repository's test does).
root=${PERISCOPE_ROOT:-}

die() {
	echo "install.sh: $*" >&2
	exit 1
}

machine=$(uname -m)
case $machine in
x86_64 | amd64) arch=amd64 ;;
aarch64 | arm64) arch=arm64 ;;
armv7l | armv8l) arch=armv7 ;;
armv6l) die "this board is ARMv6 (Raspberry Pi 1 or Zero W), which the release does not cover: build from source with GOARCH=arm GOARM=6 (README.md, \"Without a release\")" ;;
*) die "no release binary for a $machine machine: build from source (README.md, \"Without a release\")" ;;
esac

if [ $# -ge 1 ]; then
	src=$1
else
	src=$here/periscope-linux-$arch
	[ -f "$src" ] || die "no $src: download the release for Linux (it holds periscope-linux-$arch), or give the binary: sudo $0 FILE"
	if [ -f "$here/SHA256SUMS" ]; then
		(cd "$here" && grep " periscope-linux-$arch\$" SHA256SUMS | sha256sum -c --quiet -) ||
			die "periscope-linux-$arch does not match SHA256SUMS: download it again"
	fi
fi
[ -f "$here/periscope.service" ] || die "no periscope.service beside $0"
if [ -z "$root" ] && [ "$(id -u)" != 0 ]; then
	die "run it as root: sudo $0"
fi
version=$("$src" -version) || die "$src does not run on this $machine machine"
echo "install.sh: installing $version"

install -D -m 0755 "$src" "$root/usr/local/bin/periscope"
if ! getent passwd periscope >/dev/null; then
	useradd --system --user-group --home-dir /var/lib/periscope --no-create-home \
		--shell /usr/sbin/nologin --comment "Periscope game server" periscope
fi
install -D -m 0644 "$here/periscope.service" "$root/etc/systemd/system/periscope.service"
env=$root/etc/periscope/periscope.env
if [ ! -f "$env" ]; then
	mkdir -p "$(dirname "$env")"
	cat >"$env" <<'SETTINGS'
# Periscope's settings, one PERISCOPE_ variable a line (every flag has one:
# periscope -h lists them). Then: sudo systemctl restart periscope
#
# The address phones reach it at, for join links and QR codes:
#PERISCOPE_PUBLIC=http://periscope.local:8080
#PERISCOPE_ADDR=:8080
# Daily backups (the unit's default directory) and how many to keep:
#PERISCOPE_BACKUP_DIR=/var/lib/periscope/backups
#PERISCOPE_BACKUP_KEEP=7
# Delete finished matches older than this many days (default: keep all):
#PERISCOPE_PRUNE_DAYS=365
#PERISCOPE_LOG_LEVEL=info
#PERISCOPE_LOG_FORMAT=text
#PERISCOPE_ACCESS_LOG=false
SETTINGS
	chmod 0644 "$env"
fi

systemctl daemon-reload
systemctl enable periscope
systemctl restart periscope
echo "install.sh: Periscope runs as a service; it listens on port 8080 (or PERISCOPE_ADDR)."
echo "  join address and QR code: journalctl -u periscope -n 20"
echo "  settings: $env, then sudo systemctl restart periscope"
