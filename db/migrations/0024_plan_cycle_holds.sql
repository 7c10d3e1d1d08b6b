-- Issue 45 parts 2 and 3: what a plan's cycle holds. `slot_id` is the slot whose place the cycle took (a
-- place counted in pickup_slots.current_booked from the moment the cycle is claimed, before the card is
-- charged: a held place for "Payment needed" is counted, so nobody else takes it, but it is no pickup,
-- so neither the day sheet nor the driver shows it); `bags` and `amount_cents` are what the cycle charges
-- (priced when it is claimed, promo codes never recur). `saved_cards.expiry_notice_at`: when the resident
-- was asked for a new card because this one expires before a cycle (once per card).
ALTER TABLE `plan_cycles` ADD `slot_id` integer REFERENCES `pickup_slots`(`id`);
--> statement-breakpoint
ALTER TABLE `plan_cycles` ADD `bags` integer;
--> statement-breakpoint
ALTER TABLE `plan_cycles` ADD `amount_cents` integer;
--> statement-breakpoint
ALTER TABLE `saved_cards` ADD `expiry_notice_at` integer;
--> statement-breakpoint
CREATE INDEX `plan_cycles_hold_idx` ON `plan_cycles` (`status`, `hold_expires_at`);
