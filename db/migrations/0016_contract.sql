-- Issue 43 part 2-3: the consumer's contract. A checkout records the resident's acceptance of the terms
-- (which version, when), the contract's language and, for a contract in English, that the French terms
-- were received first (Charter of the French language, s. 55); the pickup it books keeps the same.
-- Pickups booked before this migration have none (null): they were booked before terms were accepted.
ALTER TABLE `checkouts` ADD `terms_version` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `terms_accepted_at` integer;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `contract_language` text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `french_terms_received_at` integer;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `terms_version` text;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `terms_accepted_at` integer;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `contract_language` text;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `french_terms_received_at` integer;
