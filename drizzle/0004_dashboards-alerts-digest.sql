CREATE TABLE `alert_digests` (
	`company_id` integer NOT NULL,
	`local_date` text NOT NULL,
	`created_at` integer NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`alert_keys` text NOT NULL,
	PRIMARY KEY(`company_id`, `local_date`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `pre_inspections_operator_date_idx`;--> statement-breakpoint
CREATE INDEX `pre_inspections_driver_company_date_idx` ON `pre_inspections` (`driver_user_id`,`operator_company_id`,`date`);--> statement-breakpoint
CREATE INDEX `pre_inspections_operator_date_miles_idx` ON `pre_inspections` (`operator_company_id`,`date`,`odometer_start`,`odometer_end`);--> statement-breakpoint
DROP INDEX `repair_actions_owner_company_idx`;--> statement-breakpoint
CREATE INDEX `repair_actions_owner_repaired_idx` ON `repair_actions` (`owner_company_id`,`repaired_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `alert_digest` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `inspection_items_unsatisfactory_idx` ON `inspection_items` (`inspection_id`,`item_key`) WHERE "status" = 1;