ALTER TABLE `users` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `users` ADD `longitude` real;--> statement-breakpoint
ALTER TABLE `users` ADD `position_approximate` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pickup_notes` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `longitude` real;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `position_approximate` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE `holiday_openings` (
	`date` text PRIMARY KEY NOT NULL,
	`opened_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`opened_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- Hand-written below: existing profiles and pickups get the centre of their postal prefix, flagged
-- approximate (the same table as db/seed/prefix-centroids.ts). `npm run backfill-positions` then puts
-- the addresses the address book knows at their exact position.
CREATE TEMP TABLE `prefix_centroids_0008` (`fsa` text PRIMARY KEY, `lat` real, `lng` real);
--> statement-breakpoint
INSERT INTO `prefix_centroids_0008` VALUES
	('H1A', 45.672, -73.503),
	('H1B', 45.636, -73.508),
	('H1C', 45.661, -73.54),
	('H1E', 45.638, -73.575),
	('H1G', 45.61, -73.628),
	('H1H', 45.592, -73.638),
	('H1J', 45.603, -73.564),
	('H1K', 45.617, -73.551),
	('H1L', 45.6, -73.53),
	('H1M', 45.588, -73.549),
	('H1N', 45.575, -73.53),
	('H1P', 45.597, -73.606),
	('H1R', 45.583, -73.608),
	('H1S', 45.578, -73.585),
	('H1T', 45.568, -73.577),
	('H1V', 45.553, -73.545),
	('H1W', 45.545, -73.543),
	('H1X', 45.557, -73.575),
	('H1Y', 45.55, -73.577),
	('H1Z', 45.567, -73.62),
	('H2A', 45.57, -73.597),
	('H2B', 45.566, -73.641),
	('H2C', 45.556, -73.66),
	('H2E', 45.552, -73.616),
	('H2G', 45.544, -73.593),
	('H2H', 45.537, -73.573),
	('H2J', 45.528, -73.584),
	('H2K', 45.531, -73.556),
	('H2L', 45.519, -73.561),
	('H2M', 45.55, -73.651),
	('H2N', 45.54, -73.65),
	('H2P', 45.541, -73.628),
	('H2R', 45.543, -73.615),
	('H2S', 45.534, -73.603),
	('H2T', 45.521, -73.594),
	('H2V', 45.52, -73.608),
	('H2W', 45.514, -73.579),
	('H2X', 45.512, -73.567),
	('H2Y', 45.504, -73.556),
	('H2Z', 45.506, -73.563),
	('H3A', 45.504, -73.577),
	('H3B', 45.5, -73.568),
	('H3C', 45.495, -73.557),
	('H3E', 45.462, -73.548),
	('H3G', 45.496, -73.577),
	('H3H', 45.491, -73.587),
	('H3J', 45.484, -73.573),
	('H3K', 45.478, -73.557),
	('H3L', 45.557, -73.674),
	('H3M', 45.528, -73.697),
	('H3N', 45.53, -73.63),
	('H3P', 45.523, -73.645),
	('H3R', 45.516, -73.64),
	('H3S', 45.503, -73.629),
	('H3T', 45.502, -73.616),
	('H3V', 45.492, -73.608),
	('H3W', 45.49, -73.63),
	('H3X', 45.481, -73.641),
	('H3Y', 45.487, -73.6),
	('H3Z', 45.484, -73.592),
	('H4A', 45.47, -73.618),
	('H4B', 45.457, -73.637),
	('H4C', 45.478, -73.585),
	('H4E', 45.456, -73.593),
	('H4G', 45.466, -73.57),
	('H4H', 45.455, -73.574),
	('H4J', 45.528, -73.714),
	('H4K', 45.517, -73.726),
	('H4L', 45.516, -73.68),
	('H4M', 45.508, -73.693),
	('H4N', 45.523, -73.664),
	('H4P', 45.5, -73.663),
	('H4R', 45.507, -73.717),
	('H4S', 45.492, -73.738),
	('H4T', 45.496, -73.681),
	('H4V', 45.469, -73.652),
	('H4W', 45.466, -73.673),
	('H4X', 45.453, -73.648),
	('H4Y', 45.459, -73.749),
	('H4Z', 45.5, -73.561),
	('H5A', 45.499, -73.565),
	('H5B', 45.508, -73.565),
	('H8N', 45.433, -73.633),
	('H8P', 45.419, -73.616),
	('H8R', 45.447, -73.667),
	('H8S', 45.44, -73.69),
	('H8T', 45.458, -73.7),
	('H8Y', 45.498, -73.806),
	('H8Z', 45.491, -73.835),
	('H9A', 45.498, -73.82),
	('H9B', 45.486, -73.815),
	('H9C', 45.497, -73.89),
	('H9E', 45.484, -73.874),
	('H9G', 45.488, -73.838),
	('H9H', 45.48, -73.87),
	('H9J', 45.451, -73.869),
	('H9K', 45.44, -73.953),
	('H9P', 45.467, -73.757),
	('H9R', 45.453, -73.81),
	('H9S', 45.448, -73.74),
	('H9W', 45.43, -73.867),
	('H9X', 45.406, -73.949);
--> statement-breakpoint
UPDATE `users` SET
	`latitude` = (SELECT `lat` FROM `prefix_centroids_0008` WHERE `fsa` = `users`.`postal_fsa`),
	`longitude` = (SELECT `lng` FROM `prefix_centroids_0008` WHERE `fsa` = `users`.`postal_fsa`),
	`position_approximate` = 1
WHERE `latitude` IS NULL AND `street_address` != '' AND `postal_fsa` IN (SELECT `fsa` FROM `prefix_centroids_0008`);
--> statement-breakpoint
UPDATE `pickup_requests` SET
	`latitude` = (SELECT `lat` FROM `prefix_centroids_0008` WHERE `fsa` = `pickup_requests`.`postal_fsa`),
	`longitude` = (SELECT `lng` FROM `prefix_centroids_0008` WHERE `fsa` = `pickup_requests`.`postal_fsa`),
	`position_approximate` = 1
WHERE `latitude` IS NULL AND `postal_fsa` IN (SELECT `fsa` FROM `prefix_centroids_0008`);
--> statement-breakpoint
DROP TABLE `prefix_centroids_0008`;
