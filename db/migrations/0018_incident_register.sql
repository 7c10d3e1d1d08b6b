-- Issue 43 part 6: the register of confidentiality incidents as the Regulation respecting confidentiality
-- incidents (s. 7) asks for it, and every version of an entry kept. An entry now says which personal
-- information is concerned (or why that is not known), the circumstances, the period (start, optional end,
-- approximate or not), when the person in charge learned of it, how many persons (approximate or not), the
-- risk assessment with its reasoning, when the Commission and the persons were notified (or why not), any
-- public notice and why, and the measures taken. Each save writes the whole state as a new version
-- (append-only: the triggers refuse to change or delete one).
-- Entries recorded before: "serious risk: no" becomes "low" (a risk, not serious: never claimed to be
-- none), and "was told" becomes told on the day the entry was recorded (the latest it can have been); each
-- gets its first version, by whoever recorded it, when it was recorded.
ALTER TABLE `privacy_incidents` RENAME COLUMN `description` TO `circumstances`;--> statement-breakpoint
ALTER TABLE `privacy_incidents` RENAME COLUMN `residents_affected` TO `persons_concerned`;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `occurred_until` text;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `occurred_approximate` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `personal_info` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `personal_info_unknown_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `persons_approximate` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `risk` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `risk_reasoning` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `commission_notified_on` text;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `commission_not_notified_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `persons_notified_on` text;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `persons_not_notified_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `public_notice_on` text;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `public_notice_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `privacy_incidents` ADD `updated_at` integer;--> statement-breakpoint
UPDATE `privacy_incidents` SET
  `risk` = CASE WHEN `serious_risk` = 1 THEN 'serious' ELSE 'low' END,
  `commission_notified_on` = CASE WHEN `commission_notified` = 1 THEN date(`created_at` / 1000, 'unixepoch', '-5 hours') END,
  `persons_notified_on` = CASE WHEN `residents_notified` = 1 THEN date(`created_at` / 1000, 'unixepoch', '-5 hours') END,
  `updated_at` = `created_at`;--> statement-breakpoint
ALTER TABLE `privacy_incidents` DROP COLUMN `serious_risk`;--> statement-breakpoint
ALTER TABLE `privacy_incidents` DROP COLUMN `commission_notified`;--> statement-breakpoint
ALTER TABLE `privacy_incidents` DROP COLUMN `residents_notified`;--> statement-breakpoint
CREATE TABLE `privacy_incident_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`version` integer NOT NULL,
	`state` text NOT NULL,
	`changed_by` integer NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `privacy_incidents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX `privacy_incident_versions_incident_version` ON `privacy_incident_versions` (`incident_id`,`version`);--> statement-breakpoint
INSERT INTO `privacy_incident_versions` (`incident_id`, `version`, `state`, `changed_by`, `changed_at`)
SELECT `id`, 1, json_object(
    'personalInfo', `personal_info`,
    'personalInfoUnknownReason', `personal_info_unknown_reason`,
    'circumstances', `circumstances`,
    'occurredOn', `occurred_on`,
    'occurredUntil', `occurred_until`,
    'occurredApproximate', json(CASE WHEN `occurred_approximate` = 1 THEN 'true' ELSE 'false' END),
    'discoveredOn', `discovered_on`,
    'personsConcerned', `persons_concerned`,
    'personsApproximate', json(CASE WHEN `persons_approximate` = 1 THEN 'true' ELSE 'false' END),
    'risk', `risk`,
    'riskReasoning', `risk_reasoning`,
    'commissionNotifiedOn', `commission_notified_on`,
    'commissionNotNotifiedReason', `commission_not_notified_reason`,
    'personsNotifiedOn', `persons_notified_on`,
    'personsNotNotifiedReason', `persons_not_notified_reason`,
    'publicNoticeOn', `public_notice_on`,
    'publicNoticeReason', `public_notice_reason`,
    'measures', `measures`
  ), `recorded_by`, `created_at`
FROM `privacy_incidents`;--> statement-breakpoint
CREATE TRIGGER `privacy_incident_versions_kept` BEFORE UPDATE ON `privacy_incident_versions`
BEGIN SELECT RAISE(ABORT, 'a version of an incident is kept as written'); END;--> statement-breakpoint
CREATE TRIGGER `privacy_incident_versions_not_deleted` BEFORE DELETE ON `privacy_incident_versions`
BEGIN SELECT RAISE(ABORT, 'a version of an incident is kept as written'); END;
