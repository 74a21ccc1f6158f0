package main

// causes says why a configuration is not fair, where we know and keep it
// so: the rulebook's own asymmetry (issue 23 keeps the rulebook and says
// so in the table), or a change of house content under way. Keyed by the
// game's name, a slash and the configuration's name as the report prints
// it ("battles/80 points, A: Confederacy, B: Union"); the report prints
// the cause beside each verdict of that configuration that is not fair.
// Whoever measures a game adds its line here, with the reasoning in
// docs/rules-decisions.md.
var causes = map[string]string{}

// causeOf is the known cause of c's imbalance, "" if none is recorded.
func causeOf(c config) string { return causes[c.Def.Name+"/"+c.Name] }
