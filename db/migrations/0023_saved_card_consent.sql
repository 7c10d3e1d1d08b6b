-- Issue 45 part 1 (plans-provider): the resident's consent to keep the card and the plan they chose, stored on
-- the checkout before payment (so whichever path fulfils it knows), the payment a saved card was saved by (one
-- saved card per payment), and the simulated provider's saved payment methods and off-session intents.
ALTER TABLE `checkouts` ADD `save_card_consent_at` integer;
--> statement-breakpoint
ALTER TABLE `checkouts` ADD `plan_interval_weeks` integer CHECK (`plan_interval_weeks` IN (4, 8));
--> statement-breakpoint
ALTER TABLE `saved_cards` ADD `payment_id` integer REFERENCES `payments`(`id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_cards_payment_uq` ON `saved_cards` (`payment_id`);
--> statement-breakpoint
ALTER TABLE `simulated_intents` ADD `setup_future_usage` text;
--> statement-breakpoint
ALTER TABLE `simulated_intents` ADD `payment_method_id` text;
--> statement-breakpoint
ALTER TABLE `simulated_intents` ADD `idempotency_key` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_intents_key_uq` ON `simulated_intents` (`idempotency_key`);
--> statement-breakpoint
CREATE TABLE `simulated_payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`behaviour` text NOT NULL CHECK (`behaviour` IN ('succeeds', 'authentication_required', 'card_declined')),
	`brand` text,
	`last4` text,
	`exp_month` integer,
	`exp_year` integer,
	`detached_at` integer,
	`created_at` integer NOT NULL DEFAULT (cast(unixepoch('subsec') * 1000 as integer))
);
