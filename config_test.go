package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestEnvName(t *testing.T) {
	for flagName, want := range map[string]string{
		"addr":       "PERISCOPE_ADDR",
		"db":         "PERISCOPE_DB",
		"public":     "PERISCOPE_PUBLIC",
		"backup-dir": "PERISCOPE_BACKUP_DIR",
		"log-format": "PERISCOPE_LOG_FORMAT",
	} {
		if got := envName(flagName); got != want {
			t.Errorf("envName(%q) = %q, want %q", flagName, got, want)
		}
	}
}

// Variables fill the flags the command line left out; the command line
// wins; a bad value names its variable; actions are never read from the
// environment.
func TestApplyEnv(t *testing.T) {
	fs := flag.NewFlagSet("periscope", flag.ContinueOnError)
	addr := fs.String("addr", ":8080", "")
	dbPath := fs.String("db", "periscope.db", "")
	qr := fs.Bool("qr", true, "")
	o := addOpsFlags(fs)
	if err := fs.Parse([]string{"-addr", ":9000"}); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{
		"PERISCOPE_ADDR":       ":7000",
		"PERISCOPE_DB":         "/var/lib/periscope/periscope.db",
		"PERISCOPE_QR":         "false",
		"PERISCOPE_BACKUP_DIR": "/var/lib/periscope/backups",
		"PERISCOPE_PRUNE_DAYS": "90",
		"PERISCOPE_LOG_FORMAT": "json",
		"PERISCOPE_ACCESS_LOG": "true",
		"PERISCOPE_VERSION":    "true",
		"PERISCOPE_BACKUP":     "/tmp/copy.db",
	}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	if err := applyEnv(fs, lookup); err != nil {
		t.Fatal(err)
	}
	if *addr != ":9000" {
		t.Errorf("-addr = %q: the command line must win over PERISCOPE_ADDR", *addr)
	}
	if *dbPath != env["PERISCOPE_DB"] || *qr || o.backupDir != env["PERISCOPE_BACKUP_DIR"] || o.pruneDays != 90 || o.logFormat != "json" || !o.accessLog {
		t.Errorf("variables not applied: db %q qr %v backup-dir %q prune-days %d log-format %q access-log %v",
			*dbPath, *qr, o.backupDir, o.pruneDays, o.logFormat, o.accessLog)
	}
	if o.version || o.backup != "" {
		t.Errorf("actions read from the environment: version %v, backup %q", o.version, o.backup)
	}

	fs = flag.NewFlagSet("periscope", flag.ContinueOnError)
	fs.Bool("qr", true, "")
	addOpsFlags(fs)
	env = map[string]string{"PERISCOPE_BACKUP_EVERY": "daily", "PERISCOPE_QR": "maybe"}
	err := applyEnv(fs, lookup)
	for _, want := range []string{`"daily" in PERISCOPE_BACKUP_EVERY`, "-backup-every", `"maybe" in PERISCOPE_QR`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("bad values: %v; want an error naming %s", err, want)
		}
	}
}

func TestNewLogger(t *testing.T) {
	var out bytes.Buffer
	log, err := newLogger("json", "warn", &out)
	if err != nil {
		t.Fatal(err)
	}
	log.Info("hidden")
	log.Warn("shown", "room", "ACDEF")
	var rec map[string]any
	if err := json.Unmarshal(out.Bytes(), &rec); err != nil || rec["msg"] != "shown" || rec["room"] != "ACDEF" {
		t.Fatalf("json at warn wrote %q (%v)", out.String(), err)
	}
	out.Reset()
	log, _ = newLogger("text", "debug", &out)
	log.Debug("seen")
	if !strings.Contains(out.String(), "level=DEBUG msg=seen") {
		t.Fatalf("text at debug wrote %q", out.String())
	}
	for _, bad := range [][2]string{{"xml", "info"}, {"text", "loud"}} {
		if _, err := newLogger(bad[0], bad[1], &out); err == nil {
			t.Errorf("newLogger(%q, %q) accepted", bad[0], bad[1])
		}
	}
}

// Retention deletes the oldest of its own backups and nothing else.
func TestKeepNewest(t *testing.T) {
	dir := t.TempDir()
	day := time.Date(2026, 11, 1, 3, 0, 0, 0, time.UTC)
	for i := range 5 {
		if err := os.WriteFile(backupName(dir, day.AddDate(0, 0, i)), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, other := range []string{"periscope.db", "notes.txt", "periscope-latest.db"} {
		os.WriteFile(filepath.Join(dir, other), []byte("mine"), 0o600)
	}
	if err := keepNewest(dir, 2); err != nil {
		t.Fatal(err)
	}
	left, _ := os.ReadDir(dir)
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	want := []string{"notes.txt", "periscope-20261104-030000.db", "periscope-20261105-030000.db", "periscope-latest.db", "periscope.db"}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Fatalf("left %v, want %v", names, want)
	}
	if got := newestBackup(dir); !got.Equal(day.AddDate(0, 0, 4)) {
		t.Errorf("newest backup %s", got)
	}
}

// A server started with -backup-dir writes its first backup at once when
// none is due, and keeps serving.
func TestServerWritesItsBackups(t *testing.T) {
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer slog.SetDefault(old)
	dir := t.TempDir()
	backups := filepath.Join(dir, "backups")
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan error, 1)
	ops := &opsConfig{backupDir: backups, backupEvery: 24 * time.Hour, backupKeep: 3}
	go func() {
		done <- run(ctx, config{addr: "127.0.0.1:0", db: filepath.Join(dir, "p.db"), ops: ops}, &out)
	}()
	deadline := time.Now().Add(10 * time.Second)
	var files []string
	for len(files) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no backup written:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
		files, _ = filepath.Glob(filepath.Join(backups, "periscope-*.db"))
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`periscope-\d{8}-\d{6}\.db$`).MatchString(files[0]) {
		t.Errorf("backup named %s", files[0])
	}
}

// TestHelperMain runs main itself when another test asks for it (the
// flags and -h text are main's own).
func TestHelperMain(t *testing.T) {
	args := os.Getenv("PERISCOPE_HELPER_ARGS")
	if args == "" {
		t.Skip("run by TestEveryFlagHasItsVariableDocumented")
	}
	os.Args = append([]string{"periscope"}, strings.Fields(args)...)
	flag.CommandLine = flag.NewFlagSet("periscope", flag.ExitOnError)
	flag.CommandLine.Usage = func() { flag.Usage() } // as the flag package's own CommandLine
	main()
	os.Exit(0)
}

// Every flag main defines has its PERISCOPE_ variable, named in -h and in
// the README beside the flag.
func TestEveryFlagHasItsVariableDocumented(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperMain$")
	cmd.Env = append(os.Environ(), "PERISCOPE_HELPER_ARGS=-h")
	help, _ := cmd.CombinedOutput()
	flags := regexp.MustCompile(`(?m)^  -([a-z][a-z-]*)`).FindAllStringSubmatch(string(help), -1)
	if len(flags) < 10 {
		t.Fatalf("-h lists %d flags:\n%s", len(flags), help)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range flags {
		name := f[1]
		if !strings.Contains(string(readme), "`-"+name) {
			t.Errorf("README.md does not document -%s", name)
		}
		if notFromEnv[name] {
			continue
		}
		v := envName(name)
		if !strings.Contains(string(help), v) {
			t.Errorf("-h does not name %s", v)
		}
		if !strings.Contains(string(readme), v) {
			t.Errorf("README.md does not name %s for -%s", v, name)
		}
	}
}
