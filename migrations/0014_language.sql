-- The language an account reads the site and its mails in (a tag of the server's languages:
-- `en`, `ru`, `pt-BR`); NULL until the member picks one, when the browser's choice rules
-- and mails are in English. Portable between SQLite and Postgres like 0001.
ALTER TABLE accounts ADD COLUMN language TEXT;
