CREATE TABLE `operator_monthly_activity` (
	`operator_company_id` integer NOT NULL,
	`month` text NOT NULL,
	`missions` integer DEFAULT 0 NOT NULL,
	`miles` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`operator_company_id`, `month`)
);
--> statement-breakpoint
DROP INDEX `pre_inspections_driver_company_date_idx`;--> statement-breakpoint
CREATE INDEX `pre_inspections_driver_stats_idx` ON `pre_inspections` (`driver_user_id`,`operator_company_id`,`date`,`vehicle_id`,`odometer_start`,`odometer_end`,`time_in`,`time_out`);--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): keep operator_monthly_activity in step with
-- every write to pre_inspections, whatever writes it (use cases, the demo seed, bench seeders).
INSERT INTO `operator_monthly_activity` (`operator_company_id`, `month`, `missions`, `miles`)
SELECT `operator_company_id`, substr(`date`, 1, 7), count(*), COALESCE(sum(`odometer_end` - `odometer_start`), 0)
FROM `pre_inspections` GROUP BY `operator_company_id`, substr(`date`, 1, 7);--> statement-breakpoint
CREATE TRIGGER `pre_inspections_activity_insert` AFTER INSERT ON `pre_inspections` BEGIN
  INSERT INTO `operator_monthly_activity` (`operator_company_id`, `month`, `missions`, `miles`)
  VALUES (NEW.`operator_company_id`, substr(NEW.`date`, 1, 7), 1, COALESCE(NEW.`odometer_end` - NEW.`odometer_start`, 0))
  ON CONFLICT (`operator_company_id`, `month`) DO UPDATE SET `missions` = `missions` + 1, `miles` = `miles` + excluded.`miles`;
END;--> statement-breakpoint
CREATE TRIGGER `pre_inspections_activity_delete` AFTER DELETE ON `pre_inspections` BEGIN
  UPDATE `operator_monthly_activity`
  SET `missions` = `missions` - 1, `miles` = `miles` - COALESCE(OLD.`odometer_end` - OLD.`odometer_start`, 0)
  WHERE `operator_company_id` = OLD.`operator_company_id` AND `month` = substr(OLD.`date`, 1, 7);
END;--> statement-breakpoint
CREATE TRIGGER `pre_inspections_activity_update` AFTER UPDATE OF `operator_company_id`, `date`, `odometer_start`, `odometer_end` ON `pre_inspections` BEGIN
  UPDATE `operator_monthly_activity`
  SET `missions` = `missions` - 1, `miles` = `miles` - COALESCE(OLD.`odometer_end` - OLD.`odometer_start`, 0)
  WHERE `operator_company_id` = OLD.`operator_company_id` AND `month` = substr(OLD.`date`, 1, 7);
  INSERT INTO `operator_monthly_activity` (`operator_company_id`, `month`, `missions`, `miles`)
  VALUES (NEW.`operator_company_id`, substr(NEW.`date`, 1, 7), 1, COALESCE(NEW.`odometer_end` - NEW.`odometer_start`, 0))
  ON CONFLICT (`operator_company_id`, `month`) DO UPDATE SET `missions` = `missions` + 1, `miles` = `miles` + excluded.`miles`;
END;
