// Command periscope is the game master of a board-game night: run it on a
// laptop or a Raspberry Pi and the players join from their phones over the LAN.
package main

import (
	"flag"
	"log"

	"github.com/gofiber/fiber/v2"
)

func main() {
	addr := flag.String("addr", ":8080", "address to listen on")
	dbPath := flag.String("db", "periscope.db", "SQLite file that keeps every match")
	flag.Parse()
	_ = dbPath

	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })
	log.Printf("periscope listening on %s", *addr)
	log.Fatal(app.Listen(*addr))
}
