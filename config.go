package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sort"
	"strings"
	"time"

	"periscope/db"
)

// Configuration by environment: every flag -name-with-dashes can be given
// as PERISCOPE_NAME_WITH_DASHES instead, which is how a systemd unit or a
// container sets it (deploy/periscope.service reads
// /etc/periscope/periscope.env). A flag on the command line wins over its
// variable. -version and -backup are actions, not settings: a variable left
// in a service's environment must never turn every start into a backup.

// envPrefix starts every variable's name.
const envPrefix = "PERISCOPE_"

// notFromEnv are the flags no variable sets.
var notFromEnv = map[string]bool{"version": true, "backup": true}

// envName is the variable of a flag: -backup-dir is PERISCOPE_BACKUP_DIR.
func envName(flagName string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// applyEnv sets every flag of fs not given on the command line from its
// variable, when that is set. Call it once, right after fs.Parse: a flag
// set by then counts as given. A value the flag refuses is an error naming
// the variable, as a bad flag names the flag.
func applyEnv(fs *flag.FlagSet, lookup func(string) (string, bool)) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		if given[f.Name] || notFromEnv[f.Name] {
			return
		}
		v, ok := lookup(envName(f.Name))
		if !ok {
			return
		}
		if err := fs.Set(f.Name, v); err != nil {
			errs = append(errs, fmt.Errorf("invalid value %q in %s (for -%s): %v", v, envName(f.Name), f.Name, err))
		}
	})
	return errors.Join(errs...)
}

// envHelp is the -h paragraph that names every flag's variable.
func envHelp(fs *flag.FlagSet) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if !notFromEnv[f.Name] {
			names = append(names, envName(f.Name))
		}
	})
	sort.Strings(names)
	return "\nEvery flag but -version and -backup can be set in the environment instead,\n" +
		"as PERISCOPE_ and its name in capitals (-backup-dir: PERISCOPE_BACKUP_DIR):\n" +
		wrap(strings.Join(names, " "), 76, "  ") + "\nA flag on the command line wins over its variable.\n"
}

func wrap(text string, width int, indent string) string {
	var b strings.Builder
	line := indent
	for _, w := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += w
	}
	b.WriteString(line)
	return b.String()
}

// opsConfig is what a host sets to run the house: logging, backups,
// pruning, and the one-shot -version and -backup.
type opsConfig struct {
	version     bool
	backup      string
	backupDir   string
	backupEvery time.Duration
	backupKeep  int
	pruneDays   int
	logFormat   string
	logLevel    string
	accessLog   bool
}

// addOpsFlags defines the host's flags on fs.
func addOpsFlags(fs *flag.FlagSet) *opsConfig {
	o := &opsConfig{}
	fs.BoolVar(&o.version, "version", false, "print the version (tag and commit) and exit")
	fs.StringVar(&o.backup, "backup", "", "write a consistent copy of the -db file to this new file (or into this directory, dated) and exit; safe while a server runs on it")
	fs.StringVar(&o.backupDir, "backup-dir", "", "while serving, write a dated backup into this directory every -backup-every (default: no backups)")
	fs.DurationVar(&o.backupEvery, "backup-every", 24*time.Hour, "how often -backup-dir gets a backup")
	fs.IntVar(&o.backupKeep, "backup-keep", 7, "how many backups -backup-dir keeps (the oldest go)")
	fs.IntVar(&o.pruneDays, "prune-days", 0, "delete finished matches older than this many days, checked daily (default 0: keep every match)")
	fs.StringVar(&o.logFormat, "log-format", "text", "log format: text or json")
	fs.StringVar(&o.logLevel, "log-level", "info", "least level logged: debug, info, warn or error")
	fs.BoolVar(&o.accessLog, "access-log", false, "log every HTTP request (method, path, status, time) at info level")
	return o
}

// setup runs once the command line is parsed: it applies the environment,
// checks the host's settings and installs the logger. done is true when
// the command has done its work already (-version, -backup) or failed, and
// main exits with code.
func (o *opsConfig) setup(fs *flag.FlagSet, stdout, stderr io.Writer) (code int, done bool) {
	fail := func(err error) (int, bool) {
		fmt.Fprintln(stderr, "periscope:", err)
		return 2, true
	}
	if err := applyEnv(fs, os.LookupEnv); err != nil {
		return fail(err)
	}
	if o.version {
		fmt.Fprintln(stdout, versionLine())
		return 0, true
	}
	log, err := newLogger(o.logFormat, o.logLevel, stderr)
	if err != nil {
		return fail(err)
	}
	slog.SetDefault(log)
	if o.backupEvery < time.Minute {
		return fail(fmt.Errorf("-backup-every must be a minute or more, not %s", o.backupEvery))
	}
	if o.backupKeep < 1 {
		return fail(fmt.Errorf("-backup-keep must be 1 or more, not %d", o.backupKeep))
	}
	if o.pruneDays < 0 {
		return fail(fmt.Errorf("-prune-days must be 0 (keep every match) or more, not %d", o.pruneDays))
	}
	if o.backup != "" {
		src := fs.Lookup("db").Value.String()
		out, err := backupNow(src, o.backup, time.Now())
		if err != nil {
			fmt.Fprintln(stderr, "periscope:", err)
			return 1, true
		}
		fmt.Fprintf(stdout, "periscope: backup of %s written to %s\n", src, out)
		return 0, true
	}
	return 0, false
}

// newLogger is the process's logger: text (key=value, for a terminal or
// the journal) or JSON (for a log collector), from level up.
func newLogger(format, level string, w io.Writer) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("-log-level must be debug, info, warn or error, not %q", level)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("-log-format must be text or json, not %q", format)
}

// backupNow writes a backup of src to out, or, when out is a directory, to
// a dated file in it; it returns the file written.
func backupNow(src, out string, now time.Time) (string, error) {
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		out = backupName(out, now)
	}
	if err := db.BackupFile(src, out); err != nil {
		return "", err
	}
	return out, nil
}
