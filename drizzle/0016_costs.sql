CREATE TABLE `fuel_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`source` text NOT NULL,
	`fueled_at` integer NOT NULL,
	`fueled_on` text NOT NULL,
	`odometer` integer NOT NULL,
	`life_miles` integer NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit` text NOT NULL,
	`total_cents` integer NOT NULL,
	`station` text,
	`card` text,
	`full` integer DEFAULT true NOT NULL,
	`soc_before_pct` integer,
	`soc_after_pct` integer,
	`efficiency_milli` integer,
	`flags` text,
	`import_id` integer,
	`idempotency_key` text,
	`recorded_by_user_id` integer,
	`recorded_by_name` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`import_id`) REFERENCES `fuel_imports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "fuel_entries_source_check" CHECK("source" IN ('driver', 'manual', 'import')),
	CONSTRAINT "fuel_entries_unit_check" CHECK("unit" IN ('gal', 'L', 'kWh')),
	CONSTRAINT "fuel_entries_amounts_check" CHECK("quantity_milli" > 0 AND "total_cents" >= 0 AND "odometer" >= 0),
	CONSTRAINT "fuel_entries_soc_check" CHECK(("soc_before_pct" IS NULL OR "soc_before_pct" BETWEEN 0 AND 100) AND ("soc_after_pct" IS NULL OR "soc_after_pct" BETWEEN 0 AND 100))
);
--> statement-breakpoint
CREATE INDEX `fuel_entries_vehicle_idx` ON `fuel_entries` (`vehicle_id`,`fueled_at`,`id`);--> statement-breakpoint
CREATE INDEX `fuel_entries_company_idx` ON `fuel_entries` (`company_id`,`fueled_on`);--> statement-breakpoint
CREATE INDEX `fuel_entries_owner_idx` ON `fuel_entries` (`owner_company_id`,`fueled_on`);--> statement-breakpoint
CREATE UNIQUE INDEX `fuel_entries_idempotency_unique` ON `fuel_entries` (`recorded_by_user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `fuel_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`file_name` text NOT NULL,
	`status` text DEFAULT 'staged' NOT NULL,
	`total_rows` integer NOT NULL,
	`valid_rows` integer NOT NULL,
	`problem_rows` integer NOT NULL,
	`imported_count` integer,
	`preview` text NOT NULL,
	`created_at` integer NOT NULL,
	`imported_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "fuel_imports_status_check" CHECK("status" IN ('staged', 'imported'))
);
--> statement-breakpoint
CREATE INDEX `fuel_imports_company_idx` ON `fuel_imports` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `repair_cost_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`repair_action_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`shop_company_id` integer NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`part_number` text,
	`quantity_milli` integer,
	`unit_cost_cents` integer,
	`hours_hundredths` integer,
	`rate_cents` integer,
	`mechanic_name` text,
	`vendor` text,
	`amount_cents` integer NOT NULL,
	`payer` text NOT NULL,
	`payer_company_id` integer NOT NULL,
	`charged_on` text NOT NULL,
	`idempotency_key` text,
	`created_by_user_id` integer,
	`created_by_name` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`repair_action_id`) REFERENCES `repair_actions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shop_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payer_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "repair_cost_lines_kind_check" CHECK("kind" IN ('part', 'labour', 'outside', 'tax')),
	CONSTRAINT "repair_cost_lines_payer_check" CHECK("payer" IN ('owner', 'operator')),
	CONSTRAINT "repair_cost_lines_amount_check" CHECK("amount_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `repair_cost_lines_repair_action_idx` ON `repair_cost_lines` (`repair_action_id`,`id`);--> statement-breakpoint
CREATE INDEX `repair_cost_lines_vehicle_charged_idx` ON `repair_cost_lines` (`vehicle_id`,`charged_on`);--> statement-breakpoint
CREATE INDEX `repair_cost_lines_payer_charged_idx` ON `repair_cost_lines` (`payer_company_id`,`charged_on`);--> statement-breakpoint
CREATE INDEX `repair_cost_lines_shop_idx` ON `repair_cost_lines` (`shop_company_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `repair_cost_lines_idempotency_unique` ON `repair_cost_lines` (`created_by_user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `vehicle_month_costs` (
	`vehicle_id` integer NOT NULL,
	`month` text NOT NULL,
	`payer_company_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`repair_cents` integer DEFAULT 0 NOT NULL,
	`service_cents` integer DEFAULT 0 NOT NULL,
	`fuel_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`vehicle_id`, `month`, `payer_company_id`),
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payer_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vehicle_month_costs_owner_idx` ON `vehicle_month_costs` (`owner_company_id`,`month`);--> statement-breakpoint
CREATE INDEX `vehicle_month_costs_payer_idx` ON `vehicle_month_costs` (`payer_company_id`,`month`);--> statement-breakpoint
CREATE TABLE `vehicle_month_miles` (
	`vehicle_id` integer NOT NULL,
	`month` text NOT NULL,
	`owner_company_id` integer NOT NULL,
	`miles` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`vehicle_id`, `month`),
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vehicle_month_miles_owner_idx` ON `vehicle_month_miles` (`owner_company_id`,`month`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_odometer_readings` (
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
	CONSTRAINT "odometer_readings_source_check" CHECK("source" IN ('preTripStart', 'preTripEnd', 'inspection', 'owner', 'correction', 'fuel')),
	CONSTRAINT "odometer_readings_reading_check" CHECK("reading" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_odometer_readings`("id", "vehicle_id", "reading", "source", "recorded_at", "recorded_by_user_id", "recorded_by_name", "pre_inspection_id", "inspection_id", "reason") SELECT "id", "vehicle_id", "reading", "source", "recorded_at", "recorded_by_user_id", "recorded_by_name", "pre_inspection_id", "inspection_id", "reason" FROM `odometer_readings`;--> statement-breakpoint
DROP TABLE `odometer_readings`;--> statement-breakpoint
ALTER TABLE `__new_odometer_readings` RENAME TO `odometer_readings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `odometer_readings_vehicle_idx` ON `odometer_readings` (`vehicle_id`,`id`);--> statement-breakpoint
ALTER TABLE `companies` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `repair_cost_payer` text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `fuel_unit` text;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `fuel_capacity_milli` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `fuel_card` text;--> statement-breakpoint
ALTER TABLE `repair_actions` ADD `invoice_document_id` integer REFERENCES vehicle_documents(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `repair_actions_invoice_document_idx` ON `repair_actions` (`invoice_document_id`);--> statement-breakpoint
ALTER TABLE `service_records` ADD `cost_cents` integer;--> statement-breakpoint
-- Decision 085: the miles of each month from the odometer history kept so far (each reading adds its
-- step from the bus's previous reading; the first reading and corrections add 0). Months of these
-- older readings are UTC months; every reading from now on counts in the owner's time zone.
INSERT INTO `vehicle_month_miles` (`vehicle_id`, `month`, `owner_company_id`, `miles`)
SELECT r.`vehicle_id`, r.`month`, v.`owner_company_id`, SUM(r.`step`)
FROM (
  SELECT `vehicle_id`, strftime('%Y-%m', `recorded_at` / 1000, 'unixepoch') AS `month`,
    CASE WHEN `source` = 'correction' OR `prev` IS NULL OR `reading` < `prev` THEN 0 ELSE `reading` - `prev` END AS `step`
  FROM (SELECT `vehicle_id`, `reading`, `source`, `recorded_at`, LAG(`reading`) OVER (PARTITION BY `vehicle_id` ORDER BY `id`) AS `prev` FROM `odometer_readings`)
) r JOIN `vehicles` v ON v.`id` = r.`vehicle_id`
GROUP BY r.`vehicle_id`, r.`month`;
