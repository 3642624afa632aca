-- Reference data with fixed ids (server/catalog/roles.ts, server/catalog/license-types.ts).
-- Role ids and license type ids travel in REST payloads: never renumber them.
INSERT INTO `roles` (`id`, `name`) VALUES
	(1, 'Owner'),
	(2, 'Operator'),
	(3, 'RepairShop'),
	(4, 'Driver'),
	(5, 'Mechanic');
--> statement-breakpoint
INSERT INTO `license_types` (`id`, `name`) VALUES
	(1, 'Endorsement H'),
	(2, 'Class A'),
	(3, 'Class M2'),
	(4, 'Class C'),
	(5, 'Endorsement P'),
	(6, 'Provisional License'),
	(7, 'Class B'),
	(8, 'Class C (CDL)'),
	(9, 'Class M1'),
	(10, 'Endorsement S');
