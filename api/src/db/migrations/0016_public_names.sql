-- A public name never comes from an email: live-feed entries already stored with a name holding one (full-width
-- forms too) show as "Member", as new entries do.
UPDATE "live_leads" SET "name" = 'Member' WHERE "name" LIKE '%@%' OR "name" LIKE '%＠%' OR "name" LIKE '%﹫%';
