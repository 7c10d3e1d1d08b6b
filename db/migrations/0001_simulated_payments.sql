CREATE TABLE `simulated_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'requires_payment_method' NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`card_brand` text,
	`card_last4` text,
	`last_error_code` text,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
