package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"sync"
	"time"

	"periscope/db"
)

// The host's chores while the server runs: daily backups with retention
// (-backup-dir) and, only when asked, pruning old matches (-prune-days).

// backupName is a dated backup file in dir; names sort by time.
func backupName(dir string, now time.Time) string {
	return filepath.Join(dir, "periscope-"+now.UTC().Format("20060102-150405")+".db")
}

// backupFile matches the names backupName makes, and only those: retention
// never deletes a file it did not write.
var backupFile = regexp.MustCompile(`^periscope-\d{8}-\d{6}\.db$`)

// backups lists the backups in dir, oldest first.
func backups(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && backupFile.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// newestBackup is when the newest backup in dir was written (zero: none).
func newestBackup(dir string) time.Time {
	names, err := backups(dir)
	if err != nil || len(names) == 0 {
		return time.Time{}
	}
	name := names[len(names)-1]
	t, err := time.Parse("20060102-150405", name[len("periscope-"):len(name)-len(".db")])
	if err != nil {
		return time.Time{}
	}
	return t
}

// keepNewest deletes all but the keep newest backups of dir.
func keepNewest(dir string, keep int) error {
	names, err := backups(dir)
	if err != nil {
		return err
	}
	for len(names) > keep {
		if err := os.Remove(filepath.Join(dir, names[0])); err != nil {
			return err
		}
		names = names[1:]
	}
	return nil
}

// chores are the host's background work for one run of the server.
type chores struct {
	cfg   *opsConfig
	store *db.DB
	now   func() time.Time
	log   *slog.Logger
}

// start runs the chores the host asked for until ctx ends or the returned
// stop is called; stop waits for them (a backup in progress is finished)
// and must be called before the store closes. A nil config asks for
// nothing.
func (o *opsConfig) start(ctx context.Context, store *db.DB) (stop func()) {
	var wg sync.WaitGroup
	if o == nil {
		return wg.Wait
	}
	ctx, cancel := context.WithCancel(ctx)
	stop = func() { cancel(); wg.Wait() }
	c := chores{cfg: o, store: store, now: time.Now, log: slog.Default()}
	if o.backupDir != "" {
		wg.Go(func() { c.backupLoop(ctx) })
	}
	if o.pruneDays > 0 {
		wg.Go(func() { c.pruneLoop(ctx) })
	}
	return stop
}

// backupLoop writes a backup whenever the newest in the directory is
// -backup-every old: at start when the last is due (a Pi switched off
// overnight still gets its daily copy), never twice for one restart.
func (c chores) backupLoop(ctx context.Context) {
	dir := c.cfg.backupDir
	if err := os.MkdirAll(dir, 0o750); err != nil {
		c.log.Error("no backups: cannot make the backup directory", "dir", dir, "err", err)
		return
	}
	for {
		wait := time.Until(newestBackup(dir).Add(c.cfg.backupEvery))
		if wait > 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
		if err := c.backupOnce(dir); err != nil {
			c.log.Error("backup failed; trying again in ten minutes", "dir", dir, "err", err)
			select {
			case <-ctx.Done():
				return
			case <-time.After(10 * time.Minute):
			}
		}
	}
}

func (c chores) backupOnce(dir string) error {
	out := backupName(dir, c.now())
	began := time.Now()
	if err := c.store.Backup(out); err != nil {
		return err
	}
	c.log.Info("backup written", "file", out, "seconds", time.Since(began).Seconds())
	return keepNewest(dir, c.cfg.backupKeep)
}

// pruneLoop deletes the matches older than -prune-days, at start and then
// daily.
func (c chores) pruneLoop(ctx context.Context) {
	for {
		cutoff := c.now().AddDate(0, 0, -c.cfg.pruneDays)
		if n, err := c.store.Prune(cutoff); err != nil {
			c.log.Error("pruning old matches failed", "err", err)
		} else if n > 0 {
			c.log.Info("old matches pruned", "matches", n, "before", cutoff.Format(time.DateOnly))
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(24 * time.Hour):
		}
	}
}
