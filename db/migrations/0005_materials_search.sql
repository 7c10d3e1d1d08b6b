ALTER TABLE `materials` ADD `items_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `materials` ADD `items_fr` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model FTS5): the "will you take this?" search index, one row per
-- material (rowid = materials.id), both languages together, with what is accepted and what is NOT ACCEPTED
-- in separate columns so a hit in the refused paragraph can be told apart. Porter stems plurals
-- (batteries → batteri), unicode61 folds case and accents (téléphone → telephone).
CREATE VIRTUAL TABLE `materials_search` USING fts5(
	name, items, accepted, refused,
	tokenize = "porter unicode61 remove_diacritics 2"
);
--> statement-breakpoint
-- A material's searchable texts: the paragraph starting "|NOT ACCEPTED" / "|NON ACCEPTÉ" (wherever it is)
-- goes to `refused` without its label, the other paragraphs to `accepted`; "|" is a separator to the tokenizer.
CREATE VIEW `materials_search_source` AS
SELECT id,
	name_en || ' | ' || name_fr AS name,
	items_en || ' | ' || items_fr AS items,
	accepted_en || ' | ' || accepted_fr AS accepted,
	refused_en || ' | ' || refused_fr AS refused
FROM (
	SELECT id, name_en, name_fr, items_en, items_fr,
		CASE WHEN pe = 0 THEN de ELSE substr(de, 1, pe - 1) || ' | ' || CASE WHEN qe = 0 THEN '' ELSE substr(re, qe + 1) END END AS accepted_en,
		CASE WHEN pe = 0 THEN '' ELSE replace(CASE WHEN qe = 0 THEN re ELSE substr(re, 1, qe - 1) END, 'NOT ACCEPTED', '') END AS refused_en,
		CASE WHEN pf = 0 THEN df ELSE substr(df, 1, pf - 1) || ' | ' || CASE WHEN qf = 0 THEN '' ELSE substr(rf, qf + 1) END END AS accepted_fr,
		CASE WHEN pf = 0 THEN '' ELSE replace(CASE WHEN qf = 0 THEN rf ELSE substr(rf, 1, qf - 1) END, 'NON ACCEPTÉ', '') END AS refused_fr
	FROM (
		SELECT *, substr(de, pe + 1) AS re, instr(substr(de, pe + 1), '|') AS qe,
			substr(df, pf + 1) AS rf, instr(substr(df, pf + 1), '|') AS qf
		FROM (
			SELECT id, name_en, name_fr, items_en, items_fr,
				'|' || description_en AS de, instr('|' || description_en, '|NOT ACCEPTED') AS pe,
				'|' || description_fr AS df, instr('|' || description_fr, '|NON ACCEPTÉ') AS pf
			FROM materials
		)
	)
);
--> statement-breakpoint
INSERT INTO `materials_search` (rowid, name, items, accepted, refused)
SELECT id, name, items, accepted, refused FROM `materials_search_source`;
--> statement-breakpoint
-- Kept filled by the table itself, in the writer's transaction (the seed's upsert fires the update trigger).
CREATE TRIGGER `materials_search_insert` AFTER INSERT ON `materials` BEGIN
	INSERT INTO `materials_search` (rowid, name, items, accepted, refused)
	SELECT id, name, items, accepted, refused FROM `materials_search_source` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `materials_search_update` AFTER UPDATE ON `materials` BEGIN
	DELETE FROM `materials_search` WHERE rowid = old.id;
	INSERT INTO `materials_search` (rowid, name, items, accepted, refused)
	SELECT id, name, items, accepted, refused FROM `materials_search_source` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `materials_search_delete` AFTER DELETE ON `materials` BEGIN
	DELETE FROM `materials_search` WHERE rowid = old.id;
END;
