-- Issue 47 parts 2 and 5: at the depot. For a date (the pickups' day, Montreal), an operator records the
-- sorted weight of each category in integer tenths of a kilogram (12.5 kg = 125) and the partner it went to
-- (its name kept as it was, so a partner renamed or removed later leaves the record readable). One record per
-- date and category; a correction changes its figures and keeps the previous ones in intake_corrections
-- (who, when, why). Estimates per pickup are computed on read from these figures and the pickups' bags.
CREATE TABLE `intake_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`category` text NOT NULL,
	`kg_tenths` integer NOT NULL CHECK (`kg_tenths` BETWEEN 0 AND 10000000),
	`partner_id` integer REFERENCES `partners`(`id`) ON DELETE set null,
	`partner_name` text DEFAULT '' NOT NULL,
	`recorded_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`recorded_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `intake_records_date_category_uq` ON `intake_records` (`date`, `category`);
--> statement-breakpoint
CREATE TABLE `intake_corrections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`intake_id` integer NOT NULL REFERENCES `intake_records`(`id`),
	`version` integer NOT NULL,
	`previous_kg_tenths` integer NOT NULL,
	`kg_tenths` integer NOT NULL,
	`previous_partner_name` text DEFAULT '' NOT NULL,
	`partner_name` text DEFAULT '' NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`corrected_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`corrected_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `intake_corrections_intake_version_uq` ON `intake_corrections` (`intake_id`, `version`);
