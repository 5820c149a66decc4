-- The contact-service's database role may use the database and owns what it uses: every schema,
-- table, view, sequence,
-- function and type of the service's schemas (public, and those the service made: pg-boss's)
-- that another role (the superuser, before release 1.2.0 or after a restore) made. Run as the
-- superuser by infra/compose/service-role.sh (make up, make upgrade, make recover) and by the
-- backup container's restore.sh after a restore, with psql's variable `service` naming the role.
-- Idempotent: what the role owns already is left alone.
SELECT format('GRANT CONNECT, CREATE, TEMPORARY ON DATABASE %I TO %I', current_database(), :'service')
\gexec
SELECT format('ALTER SCHEMA %I OWNER TO %I', nspname, :'service')
  FROM pg_namespace
 WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\_%'
   AND nspowner <> (SELECT oid FROM pg_roles WHERE rolname = :'service')
\gexec
GRANT ALL ON SCHEMA public TO :"service";
SELECT format('ALTER %s %I.%I OWNER TO %I',
              CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW'
                             WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
              n.nspname, c.relname, :'service')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
   AND n.nspname NOT IN ('information_schema') AND n.nspname NOT LIKE 'pg\_%'
   AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = :'service')
   -- A sequence that belongs to a column moves with its table.
   AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d
            WHERE d.objid = c.oid AND d.deptype IN ('a', 'i') AND d.refclassid = 'pg_class'::regclass))
\gexec
SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, :'service')
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname NOT IN ('information_schema') AND n.nspname NOT LIKE 'pg\_%'
   AND p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = :'service')
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
\gexec
SELECT format('ALTER TYPE %s OWNER TO %I', t.oid::regtype, :'service')
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
 WHERE n.nspname NOT IN ('information_schema') AND n.nspname NOT LIKE 'pg\_%'
   AND t.typowner <> (SELECT oid FROM pg_roles WHERE rolname = :'service')
   AND (t.typtype IN ('e', 'd', 'r')
        OR (t.typtype = 'c' AND EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind = 'c')))
\gexec
