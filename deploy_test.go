package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeRelease is a release directory whose three "binaries" are scripts
// that say which they are, with the real unit and install script and a
// SHA256SUMS of them; tools are stand-ins for uname, systemctl and the
// user commands, each logging its arguments.
func fakeRelease(t *testing.T, machine string) (release, tools, log string) {
	t.Helper()
	dir := t.TempDir()
	release, tools, log = filepath.Join(dir, "release"), filepath.Join(dir, "tools"), filepath.Join(dir, "calls.log")
	for _, d := range []string{release, tools} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var sums strings.Builder
	for _, arch := range []string{"amd64", "arm64", "armv7"} {
		name := "periscope-linux-" + arch
		body := fmt.Sprintf("#!/bin/sh\necho periscope v1.0.0 %s\n", arch)
		if err := os.WriteFile(filepath.Join(release, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sums, "%x  %s\n", sha256.Sum256([]byte(body)), name)
	}
	os.WriteFile(filepath.Join(release, "SHA256SUMS"), []byte(sums.String()), 0o644)
	for _, f := range []string{"install.sh", "periscope.service"} {
		b, err := os.ReadFile(filepath.Join("deploy", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(release, f), b, 0o755)
	}
	stub := func(name, script string) {
		os.WriteFile(filepath.Join(tools, name), []byte("#!/bin/sh\n"+script), 0o755)
	}
	stub("uname", "echo "+machine+"\n")
	stub("systemctl", `echo "systemctl $*" >>`+log+"\n")
	stub("useradd", `echo "useradd $*" >>`+log+"\n")
	stub("getent", "exit 2\n") // no periscope user yet
	return release, tools, log
}

func runInstall(t *testing.T, release, tools, root string, args ...string) (string, error) {
	cmd := exec.Command("sh", append([]string{filepath.Join(release, "install.sh")}, args...)...)
	cmd.Env = append(os.Environ(), "PATH="+tools+":"+os.Getenv("PATH"), "PERISCOPE_ROOT="+root)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// install.sh puts the binary for uname -m in place, the unit and a
// settings file beside it, makes the user and enables the service.
func TestInstallPicksTheBinaryForTheBoard(t *testing.T) {
	for machine, arch := range map[string]string{"aarch64": "arm64", "armv7l": "armv7", "x86_64": "amd64"} {
		t.Run(machine, func(t *testing.T) {
			release, tools, log := fakeRelease(t, machine)
			root := t.TempDir()
			out, err := runInstall(t, release, tools, root)
			if err != nil {
				t.Fatalf("install.sh: %v\n%s", err, out)
			}
			got, err := exec.Command(filepath.Join(root, "usr/local/bin/periscope"), "-version").Output()
			if err != nil || strings.TrimSpace(string(got)) != "periscope v1.0.0 "+arch {
				t.Fatalf("installed binary says %q (%v), want the %s one", got, err, arch)
			}
			unit, _ := os.ReadFile(filepath.Join(root, "etc/systemd/system/periscope.service"))
			if !strings.Contains(string(unit), "ExecStart=/usr/local/bin/periscope") {
				t.Errorf("unit not installed:\n%s", unit)
			}
			env, _ := os.ReadFile(filepath.Join(root, "etc/periscope/periscope.env"))
			if !strings.Contains(string(env), "#PERISCOPE_PUBLIC=") {
				t.Errorf("settings file:\n%s", env)
			}
			calls, _ := os.ReadFile(log)
			for _, want := range []string{"useradd --system", "systemctl daemon-reload", "systemctl enable periscope", "systemctl restart periscope"} {
				if !strings.Contains(string(calls), want) {
					t.Errorf("install.sh did not run %q:\n%s", want, calls)
				}
			}
		})
	}
}

func TestInstallRefuses(t *testing.T) {
	release, tools, _ := fakeRelease(t, "armv6l")
	if out, err := runInstall(t, release, tools, t.TempDir()); err == nil || !strings.Contains(out, "ARMv6") {
		t.Errorf("an ARMv6 board: %v %s", err, out)
	}
	release, tools, _ = fakeRelease(t, "aarch64")
	os.WriteFile(filepath.Join(release, "periscope-linux-arm64"), []byte("#!/bin/sh\necho tampered\n"), 0o755)
	root := t.TempDir()
	if out, err := runInstall(t, release, tools, root); err == nil || !strings.Contains(out, "does not match SHA256SUMS") {
		t.Errorf("a binary that fails its checksum: %v %s", err, out)
	}
	if _, err := os.Stat(filepath.Join(root, "usr/local/bin/periscope")); err == nil {
		t.Error("a binary that fails its checksum was installed")
	}
}

// The unit is one systemd accepts, when systemd-analyze is at hand.
func TestUnitVerifies(t *testing.T) {
	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		t.Skip("no systemd-analyze")
	}
	out, _ := exec.Command("systemd-analyze", "verify", "deploy/periscope.service").CombinedOutput()
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		// The binary is not installed on the machine running the tests.
		if line != "" && !strings.Contains(line, "/usr/local/bin/periscope") {
			t.Errorf("systemd-analyze verify: %s", line)
		}
	}
}
