CREATE TABLE `admin_access_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_user_id` integer NOT NULL,
	`subject_user_id` integer,
	`what` text NOT NULL,
	`query` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`admin_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subject_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `admin_access_log_at_idx` ON `admin_access_log` (`at`);--> statement-breakpoint
CREATE INDEX `admin_access_log_subject_idx` ON `admin_access_log` (`subject_user_id`,`at`);--> statement-breakpoint
CREATE INDEX `admin_access_log_admin_idx` ON `admin_access_log` (`admin_user_id`,`at`);
