-- Decision 085: the dashboards' fuel efficiency per month is SUM(measured miles) / SUM(measured quantity)
-- over vehicle_month_fuel, kept current by every write that measures a fuel record. No backfill:
-- existing fuel_entries rows have an efficiency but not what it was measured over (miles and quantity),
-- so they keep measured_miles / measured_milli null and are not in the figure until a late record
-- measures them again (the feature ships with this migration: in practice there are no such rows).
CREATE TABLE `vehicle_month_fuel` (
	`vehicle_id` integer NOT NULL,
	`month` text NOT NULL,
	`payer_company_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`energy` text NOT NULL,
	`measured_miles` integer DEFAULT 0 NOT NULL,
	`measured_milli` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`vehicle_id`, `month`, `payer_company_id`, `energy`),
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payer_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "vehicle_month_fuel_energy_check" CHECK("energy" IN ('fuel', 'electric'))
);
--> statement-breakpoint
CREATE INDEX `vehicle_month_fuel_owner_idx` ON `vehicle_month_fuel` (`owner_company_id`,`month`);--> statement-breakpoint
CREATE INDEX `vehicle_month_fuel_payer_idx` ON `vehicle_month_fuel` (`payer_company_id`,`month`);--> statement-breakpoint
ALTER TABLE `fuel_entries` ADD `measured_miles` integer;--> statement-breakpoint
ALTER TABLE `fuel_entries` ADD `measured_milli` integer;