-- Decision 082: the sentences Operon writes into records keep a key and its values (JSON), shown in
-- the reader's language. The two columns are drizzle-kit's (`generate --name record-texts`); the two
-- updates were added by hand. They rewrite the rows written before to the key form when their text
-- has one of the known shapes: the sentence of the form that opened the action (that form's column
-- set), a YYYY-MM-DD date, an odometer as formatOdometer writes it (or "not recorded"), a role of the
-- exit check, a section of the checklist. Any other text (typed, or not recognised) stays as it is.
ALTER TABLE `repair_actions` ADD `comments_text` text;--> statement-breakpoint
ALTER TABLE `repair_tasks` ADD `description_text` text;--> statement-breakpoint
UPDATE `repair_actions` SET
  `comments_text` = json_object('key', p.`key`, 'values', json(CASE WHEN p.`role` IS NULL
    THEN json_object('name', p.`name`, 'date', p.`date`, 'odometer', p.`odometer`)
    ELSE json_object('name', p.`name`, 'role', p.`role`, 'date', p.`date`, 'odometer', p.`odometer`) END)),
  `comments` = NULL
FROM (
  SELECT `id`, `key`, `name`, `role`, `date`,
    CASE WHEN `odometer_text` = '(odometer not recorded).' THEN NULL ELSE CAST(`digits` AS INTEGER) END AS `odometer`,
    `odometer_text` = '(odometer not recorded).' OR (`odometer_text` GLOB '(odometer [0-9]* mi).' AND `digits` NOT GLOB '*[^0-9]*') AS `ok`
  FROM (
    SELECT `id`, `key`, `name`, `role`, `date`, `odometer_text`, replace(substr(`odometer_text`, length('(odometer ') + 1, length(`odometer_text`) - length('(odometer ') - length(' mi).')), ',', '') AS `digits`
    FROM (
      SELECT `id`, `key`, `role`, substr(`comments`, length(`prefix`) + 1, instr(`comments`, `middle`) - length(`prefix`) - 1) AS `name`,
        substr(`comments`, instr(`comments`, `middle`) + length(`middle`), 10) AS `date`,
        substr(`comments`, instr(`comments`, `middle`) + length(`middle`) + 11) AS `odometer_text`
      FROM `repair_actions`, (
        SELECT 'repairAction.preTrip' AS `key`, NULL AS `role`, 'Defects reported by ' AS `prefix`, ' on the pre-trip inspection of ' AS `middle`, 'pre' AS `source`
        UNION ALL SELECT 'repairAction.inspection', NULL, 'Unsatisfactory items found by ', ' on the inspection of ', 'inspection'
        UNION ALL SELECT 'repairAction.emergencyExitCheck', 'Driver', 'Unsatisfactory emergency exits found by ', ' (Driver) on the 90-day emergency-exit check of ', 'exit'
        UNION ALL SELECT 'repairAction.emergencyExitCheck', 'Mechanic', 'Unsatisfactory emergency exits found by ', ' (Mechanic) on the 90-day emergency-exit check of ', 'exit'
      ) AS `shape`
      WHERE `comments_text` IS NULL
        AND CASE `source` WHEN 'pre' THEN `pre_inspection_id` WHEN 'inspection' THEN `inspection_id` ELSE `emergency_exit_check_id` END IS NOT NULL
        AND `comments` GLOB `prefix` || '?*' || `middle` || '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] (odometer *).'
    )
  )
) AS p
WHERE p.`id` = `repair_actions`.`id` AND p.`ok`;--> statement-breakpoint
UPDATE `repair_tasks` SET
  `description_text` = json_object('key', p.`key`, 'values', json(CASE WHEN p.`section` IS NULL THEN json_object() ELSE json_object('section', p.`section`) END)),
  `description` = NULL
FROM (
  SELECT `id`, `key`, CASE WHEN `suffix` = '' THEN NULL ELSE substr(`description`, length(`prefix`) + 1, length(`description`) - length(`prefix`) - length(`suffix`)) END AS `section`, `sections`
  FROM `repair_tasks`, (
    SELECT 'repairTask.preTrip' AS `key`, 'Reported defective on the pre-trip (' AS `prefix`, ').' AS `suffix`, 'pre' AS `sections`
    UNION ALL SELECT 'repairTask.inspection', 'Unsatisfactory on the inspection (', ').', 'inspection'
    UNION ALL SELECT 'repairTask.inspectAndRepair', 'Reported defective (', '). Inspect and repair.', 'pre'
    UNION ALL SELECT 'repairTask.emergencyExitCheck', 'Unsatisfactory on the 90-day emergency-exit check.', '', NULL
  ) AS `shape`
  WHERE `description_text` IS NULL AND `description` GLOB `prefix` || CASE WHEN `suffix` = '' THEN '' ELSE '?*' || `suffix` END
) AS p
WHERE p.`id` = `repair_tasks`.`id` AND (
  p.`sections` IS NULL
  OR (p.`sections` = 'pre' AND p.`section` IN ('Engine & Compartment', 'Driver''s Cabin', 'Exterior & Access', 'Tires & Wheels', 'Safety & Emergency Equipment', 'Interior & Cleanliness'))
  OR (p.`sections` = 'inspection' AND p.`section` IN ('Interior', 'Exterior', 'Engine', 'Electrical', 'Brakes', 'Chassis'))
);
