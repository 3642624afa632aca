CREATE TABLE `odometer_readings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`reading` integer NOT NULL,
	`source` text NOT NULL,
	`recorded_at` integer NOT NULL,
	`recorded_by_user_id` integer,
	`recorded_by_name` text,
	`pre_inspection_id` integer,
	`inspection_id` integer,
	`reason` text,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`pre_inspection_id`) REFERENCES `pre_inspections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "odometer_readings_source_check" CHECK("source" IN ('preTripStart', 'preTripEnd', 'inspection', 'owner', 'correction')),
	CONSTRAINT "odometer_readings_reading_check" CHECK("reading" >= 0)
);
--> statement-breakpoint
CREATE INDEX `odometer_readings_vehicle_idx` ON `odometer_readings` (`vehicle_id`,`id`);--> statement-breakpoint
CREATE TABLE `repair_acknowledgements` (
	`repair_action_id` integer PRIMARY KEY NOT NULL,
	`pre_inspection_id` integer NOT NULL,
	`acknowledged_at` integer NOT NULL,
	FOREIGN KEY (`repair_action_id`) REFERENCES `repair_actions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pre_inspection_id`) REFERENCES `pre_inspections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `inspections` ADD `odometer` integer;--> statement-breakpoint
ALTER TABLE `inspections` ADD `signature_name` text;--> statement-breakpoint
ALTER TABLE `inspections` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `inspections_idempotency_unique` ON `inspections` (`inspector_user_id`,`idempotency_key`);--> statement-breakpoint
ALTER TABLE `pre_inspections` ADD `signature_name` text;--> statement-breakpoint
ALTER TABLE `pre_inspections` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `pre_inspections_idempotency_unique` ON `pre_inspections` (`driver_user_id`,`idempotency_key`);--> statement-breakpoint
ALTER TABLE `repair_actions` ADD `out_of_service` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `repair_actions_vehicle_repaired_idx` ON `repair_actions` (`vehicle_id`,`repaired_at`);