CREATE INDEX `audit_log_entity_at_idx` ON `audit_log` (`entity_type`,`entity_id`,`at`);
