-- The rematch opened for a finished room, as JSON (rooms.Rematch: its code
-- and where each seat's person sits), so that the table's pages find it
-- again after a restart instead of opening a second one.

ALTER TABLE rooms ADD COLUMN rematch TEXT;
