-- Decision 070: every stored file's bytes move from a `content` BLOB column of its owner table to
-- `blob_chunks`, in pieces of 512 KiB (524288 bytes) in order, so that no statement argument is
-- ever larger than that (a libSQL server refuses one of a few MiB). Hand-edited after
-- `drizzle-kit generate --name blob-chunks`: no table is rebuilt. For each owner table: a
-- `blob_id` is added (the DEFAULT '' only lets ALTER TABLE add a NOT NULL column) and given a
-- random id per row, the bytes are copied into chunks (substr on a BLOB counts bytes; an empty
-- file gets no chunk, as the writer does), `content` is dropped, and triggers delete a row's
-- chunks with it (AFTER DELETE, which also fires for rows removed by ON DELETE CASCADE) or when
-- its `blob_id` is replaced (AFTER UPDATE OF blob_id: the picture and photo upserts).
CREATE TABLE `blob_chunks` (
	`blob_id` text NOT NULL,
	`seq` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`blob_id`, `seq`)
);--> statement-breakpoint
ALTER TABLE `user_photos` ADD `blob_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `user_photos` SET `content` = CAST(`content` AS BLOB) WHERE typeof(`content`) = 'text';--> statement-breakpoint
UPDATE `user_photos` SET `blob_id` = lower(hex(randomblob(16)));--> statement-breakpoint
INSERT INTO `blob_chunks` (`blob_id`, `seq`, `data`)
WITH RECURSIVE `n`(`seq`) AS (
  SELECT 0
  UNION ALL
  SELECT `seq` + 1 FROM `n` WHERE (`seq` + 1) * 524288 < (SELECT coalesce(max(length(`content`)), 0) FROM `user_photos`)
)
SELECT `o`.`blob_id`, `n`.`seq`, substr(`o`.`content`, 1 + `n`.`seq` * 524288, 524288)
FROM `user_photos` AS `o` CROSS JOIN `n`
WHERE `n`.`seq` * 524288 < length(`o`.`content`);--> statement-breakpoint
ALTER TABLE `user_photos` DROP COLUMN `content`;--> statement-breakpoint
CREATE TRIGGER `user_photos_blob_delete` AFTER DELETE ON `user_photos` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
CREATE TRIGGER `user_photos_blob_replace` AFTER UPDATE OF `blob_id` ON `user_photos` WHEN OLD.`blob_id` IS NOT NEW.`blob_id` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
ALTER TABLE `vehicle_images` ADD `blob_id` text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE `vehicle_images` ADD `size_bytes` integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE `vehicle_images` SET `content` = CAST(`content` AS BLOB) WHERE typeof(`content`) = 'text';--> statement-breakpoint
UPDATE `vehicle_images` SET `blob_id` = lower(hex(randomblob(16))), `size_bytes` = length(`content`);--> statement-breakpoint
INSERT INTO `blob_chunks` (`blob_id`, `seq`, `data`)
WITH RECURSIVE `n`(`seq`) AS (
  SELECT 0
  UNION ALL
  SELECT `seq` + 1 FROM `n` WHERE (`seq` + 1) * 524288 < (SELECT coalesce(max(length(`content`)), 0) FROM `vehicle_images`)
)
SELECT `o`.`blob_id`, `n`.`seq`, substr(`o`.`content`, 1 + `n`.`seq` * 524288, 524288)
FROM `vehicle_images` AS `o` CROSS JOIN `n`
WHERE `n`.`seq` * 524288 < length(`o`.`content`);--> statement-breakpoint
ALTER TABLE `vehicle_images` DROP COLUMN `content`;--> statement-breakpoint
CREATE TRIGGER `vehicle_images_blob_delete` AFTER DELETE ON `vehicle_images` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
CREATE TRIGGER `vehicle_images_blob_replace` AFTER UPDATE OF `blob_id` ON `vehicle_images` WHEN OLD.`blob_id` IS NOT NEW.`blob_id` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
ALTER TABLE `document_contents` ADD `blob_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `document_contents` SET `content` = CAST(`content` AS BLOB) WHERE typeof(`content`) = 'text';--> statement-breakpoint
UPDATE `document_contents` SET `blob_id` = lower(hex(randomblob(16)));--> statement-breakpoint
INSERT INTO `blob_chunks` (`blob_id`, `seq`, `data`)
WITH RECURSIVE `n`(`seq`) AS (
  SELECT 0
  UNION ALL
  SELECT `seq` + 1 FROM `n` WHERE (`seq` + 1) * 524288 < (SELECT coalesce(max(length(`content`)), 0) FROM `document_contents`)
)
SELECT `o`.`blob_id`, `n`.`seq`, substr(`o`.`content`, 1 + `n`.`seq` * 524288, 524288)
FROM `document_contents` AS `o` CROSS JOIN `n`
WHERE `n`.`seq` * 524288 < length(`o`.`content`);--> statement-breakpoint
ALTER TABLE `document_contents` DROP COLUMN `content`;--> statement-breakpoint
CREATE TRIGGER `document_contents_blob_delete` AFTER DELETE ON `document_contents` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
CREATE TRIGGER `document_contents_blob_replace` AFTER UPDATE OF `blob_id` ON `document_contents` WHEN OLD.`blob_id` IS NOT NEW.`blob_id` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
ALTER TABLE `pre_inspection_images` ADD `blob_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `pre_inspection_images` SET `content` = CAST(`content` AS BLOB) WHERE typeof(`content`) = 'text';--> statement-breakpoint
UPDATE `pre_inspection_images` SET `blob_id` = lower(hex(randomblob(16)));--> statement-breakpoint
INSERT INTO `blob_chunks` (`blob_id`, `seq`, `data`)
WITH RECURSIVE `n`(`seq`) AS (
  SELECT 0
  UNION ALL
  SELECT `seq` + 1 FROM `n` WHERE (`seq` + 1) * 524288 < (SELECT coalesce(max(length(`content`)), 0) FROM `pre_inspection_images`)
)
SELECT `o`.`blob_id`, `n`.`seq`, substr(`o`.`content`, 1 + `n`.`seq` * 524288, 524288)
FROM `pre_inspection_images` AS `o` CROSS JOIN `n`
WHERE `n`.`seq` * 524288 < length(`o`.`content`);--> statement-breakpoint
ALTER TABLE `pre_inspection_images` DROP COLUMN `content`;--> statement-breakpoint
CREATE TRIGGER `pre_inspection_images_blob_delete` AFTER DELETE ON `pre_inspection_images` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
CREATE TRIGGER `pre_inspection_images_blob_replace` AFTER UPDATE OF `blob_id` ON `pre_inspection_images` WHEN OLD.`blob_id` IS NOT NEW.`blob_id` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
ALTER TABLE `pre_inspection_photos` ADD `blob_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `pre_inspection_photos` SET `content` = CAST(`content` AS BLOB) WHERE typeof(`content`) = 'text';--> statement-breakpoint
UPDATE `pre_inspection_photos` SET `blob_id` = lower(hex(randomblob(16)));--> statement-breakpoint
INSERT INTO `blob_chunks` (`blob_id`, `seq`, `data`)
WITH RECURSIVE `n`(`seq`) AS (
  SELECT 0
  UNION ALL
  SELECT `seq` + 1 FROM `n` WHERE (`seq` + 1) * 524288 < (SELECT coalesce(max(length(`content`)), 0) FROM `pre_inspection_photos`)
)
SELECT `o`.`blob_id`, `n`.`seq`, substr(`o`.`content`, 1 + `n`.`seq` * 524288, 524288)
FROM `pre_inspection_photos` AS `o` CROSS JOIN `n`
WHERE `n`.`seq` * 524288 < length(`o`.`content`);--> statement-breakpoint
ALTER TABLE `pre_inspection_photos` DROP COLUMN `content`;--> statement-breakpoint
CREATE TRIGGER `pre_inspection_photos_blob_delete` AFTER DELETE ON `pre_inspection_photos` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
CREATE TRIGGER `pre_inspection_photos_blob_replace` AFTER UPDATE OF `blob_id` ON `pre_inspection_photos` WHEN OLD.`blob_id` IS NOT NEW.`blob_id` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
ALTER TABLE `inspection_signatures` ADD `blob_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `inspection_signatures` SET `content` = CAST(`content` AS BLOB) WHERE typeof(`content`) = 'text';--> statement-breakpoint
UPDATE `inspection_signatures` SET `blob_id` = lower(hex(randomblob(16)));--> statement-breakpoint
INSERT INTO `blob_chunks` (`blob_id`, `seq`, `data`)
WITH RECURSIVE `n`(`seq`) AS (
  SELECT 0
  UNION ALL
  SELECT `seq` + 1 FROM `n` WHERE (`seq` + 1) * 524288 < (SELECT coalesce(max(length(`content`)), 0) FROM `inspection_signatures`)
)
SELECT `o`.`blob_id`, `n`.`seq`, substr(`o`.`content`, 1 + `n`.`seq` * 524288, 524288)
FROM `inspection_signatures` AS `o` CROSS JOIN `n`
WHERE `n`.`seq` * 524288 < length(`o`.`content`);--> statement-breakpoint
ALTER TABLE `inspection_signatures` DROP COLUMN `content`;--> statement-breakpoint
CREATE TRIGGER `inspection_signatures_blob_delete` AFTER DELETE ON `inspection_signatures` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
CREATE TRIGGER `inspection_signatures_blob_replace` AFTER UPDATE OF `blob_id` ON `inspection_signatures` WHEN OLD.`blob_id` IS NOT NEW.`blob_id` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
ALTER TABLE `inspection_photos` ADD `blob_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `inspection_photos` SET `content` = CAST(`content` AS BLOB) WHERE typeof(`content`) = 'text';--> statement-breakpoint
UPDATE `inspection_photos` SET `blob_id` = lower(hex(randomblob(16)));--> statement-breakpoint
INSERT INTO `blob_chunks` (`blob_id`, `seq`, `data`)
WITH RECURSIVE `n`(`seq`) AS (
  SELECT 0
  UNION ALL
  SELECT `seq` + 1 FROM `n` WHERE (`seq` + 1) * 524288 < (SELECT coalesce(max(length(`content`)), 0) FROM `inspection_photos`)
)
SELECT `o`.`blob_id`, `n`.`seq`, substr(`o`.`content`, 1 + `n`.`seq` * 524288, 524288)
FROM `inspection_photos` AS `o` CROSS JOIN `n`
WHERE `n`.`seq` * 524288 < length(`o`.`content`);--> statement-breakpoint
ALTER TABLE `inspection_photos` DROP COLUMN `content`;--> statement-breakpoint
CREATE TRIGGER `inspection_photos_blob_delete` AFTER DELETE ON `inspection_photos` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
CREATE TRIGGER `inspection_photos_blob_replace` AFTER UPDATE OF `blob_id` ON `inspection_photos` WHEN OLD.`blob_id` IS NOT NEW.`blob_id` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
ALTER TABLE `lease_signatures` ADD `blob_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `lease_signatures` SET `content` = CAST(`content` AS BLOB) WHERE typeof(`content`) = 'text';--> statement-breakpoint
UPDATE `lease_signatures` SET `blob_id` = lower(hex(randomblob(16)));--> statement-breakpoint
INSERT INTO `blob_chunks` (`blob_id`, `seq`, `data`)
WITH RECURSIVE `n`(`seq`) AS (
  SELECT 0
  UNION ALL
  SELECT `seq` + 1 FROM `n` WHERE (`seq` + 1) * 524288 < (SELECT coalesce(max(length(`content`)), 0) FROM `lease_signatures`)
)
SELECT `o`.`blob_id`, `n`.`seq`, substr(`o`.`content`, 1 + `n`.`seq` * 524288, 524288)
FROM `lease_signatures` AS `o` CROSS JOIN `n`
WHERE `n`.`seq` * 524288 < length(`o`.`content`);--> statement-breakpoint
ALTER TABLE `lease_signatures` DROP COLUMN `content`;--> statement-breakpoint
CREATE TRIGGER `lease_signatures_blob_delete` AFTER DELETE ON `lease_signatures` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
CREATE TRIGGER `lease_signatures_blob_replace` AFTER UPDATE OF `blob_id` ON `lease_signatures` WHEN OLD.`blob_id` IS NOT NEW.`blob_id` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
ALTER TABLE `emergency_exit_check_signatures` ADD `blob_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `emergency_exit_check_signatures` SET `content` = CAST(`content` AS BLOB) WHERE typeof(`content`) = 'text';--> statement-breakpoint
UPDATE `emergency_exit_check_signatures` SET `blob_id` = lower(hex(randomblob(16)));--> statement-breakpoint
INSERT INTO `blob_chunks` (`blob_id`, `seq`, `data`)
WITH RECURSIVE `n`(`seq`) AS (
  SELECT 0
  UNION ALL
  SELECT `seq` + 1 FROM `n` WHERE (`seq` + 1) * 524288 < (SELECT coalesce(max(length(`content`)), 0) FROM `emergency_exit_check_signatures`)
)
SELECT `o`.`blob_id`, `n`.`seq`, substr(`o`.`content`, 1 + `n`.`seq` * 524288, 524288)
FROM `emergency_exit_check_signatures` AS `o` CROSS JOIN `n`
WHERE `n`.`seq` * 524288 < length(`o`.`content`);--> statement-breakpoint
ALTER TABLE `emergency_exit_check_signatures` DROP COLUMN `content`;--> statement-breakpoint
CREATE TRIGGER `emergency_exit_check_signatures_blob_delete` AFTER DELETE ON `emergency_exit_check_signatures` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;--> statement-breakpoint
CREATE TRIGGER `emergency_exit_check_signatures_blob_replace` AFTER UPDATE OF `blob_id` ON `emergency_exit_check_signatures` WHEN OLD.`blob_id` IS NOT NEW.`blob_id` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;