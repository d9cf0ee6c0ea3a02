-- The done activities counted per (salesperson, business date, kind), kept as the activities change, so that the
-- team comparison and the KPIs sum at most people × days × kinds rows instead of grouping every activity of the
-- period (a year of 1,000,000 took 1.2 s of the comparison's 1.5 s on PostgreSQL: docs/benchmarks.md). A trigger
-- keeps it, so no write path can forget it; `store::comparison::activities_by_scan` is the definition it is checked
-- against. The business date is São Paulo's, as everywhere in the CRM.
CREATE TABLE crm_activity_day_counts (
    owner_id TEXT NOT NULL,
    day DATE NOT NULL,
    kind TEXT NOT NULL,
    done BIGINT NOT NULL,
    PRIMARY KEY (owner_id, day, kind)
);

INSERT INTO crm_activity_day_counts (owner_id, day, kind, done)
SELECT owner_id, (done_at AT TIME ZONE 'America/Sao_Paulo')::date, kind, COUNT(*)
FROM crm_activities WHERE done_at IS NOT NULL
GROUP BY owner_id, (done_at AT TIME ZONE 'America/Sao_Paulo')::date, kind;

CREATE FUNCTION crm_activity_day_add(owner TEXT, on_day DATE, k TEXT, n BIGINT) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO crm_activity_day_counts AS t (owner_id, day, kind, done)
    VALUES (owner, on_day, k, n)
    ON CONFLICT (owner_id, day, kind) DO UPDATE SET done = t.done + EXCLUDED.done;
$$;

CREATE FUNCTION crm_activity_day_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    old_in BOOLEAN := TG_OP <> 'INSERT' AND OLD.done_at IS NOT NULL;
    new_in BOOLEAN := TG_OP <> 'DELETE' AND NEW.done_at IS NOT NULL;
    old_day DATE;
    new_day DATE;
BEGIN
    IF old_in THEN
        old_day := (OLD.done_at AT TIME ZONE 'America/Sao_Paulo')::date;
    END IF;
    IF new_in THEN
        new_day := (NEW.done_at AT TIME ZONE 'America/Sao_Paulo')::date;
    END IF;
    -- Two keys are touched in key order, so two changes in opposite directions cannot deadlock.
    IF old_in AND new_in AND (NEW.owner_id, new_day, NEW.kind) < (OLD.owner_id, old_day, OLD.kind) THEN
        PERFORM crm_activity_day_add(NEW.owner_id, new_day, NEW.kind, 1);
        PERFORM crm_activity_day_add(OLD.owner_id, old_day, OLD.kind, -1);
    ELSE
        IF old_in THEN
            PERFORM crm_activity_day_add(OLD.owner_id, old_day, OLD.kind, -1);
        END IF;
        IF new_in THEN
            PERFORM crm_activity_day_add(NEW.owner_id, new_day, NEW.kind, 1);
        END IF;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER crm_activity_day_insert AFTER INSERT ON crm_activities
    FOR EACH ROW WHEN (NEW.done_at IS NOT NULL) EXECUTE FUNCTION crm_activity_day_keep();
CREATE TRIGGER crm_activity_day_delete AFTER DELETE ON crm_activities
    FOR EACH ROW WHEN (OLD.done_at IS NOT NULL) EXECUTE FUNCTION crm_activity_day_keep();
-- Only when what the counts key on changes (rescheduling an open activity or editing its notes does not).
CREATE TRIGGER crm_activity_day_update AFTER UPDATE ON crm_activities
    FOR EACH ROW WHEN ((OLD.done_at IS NOT NULL OR NEW.done_at IS NOT NULL)
                       AND (OLD.done_at IS DISTINCT FROM NEW.done_at
                            OR OLD.owner_id IS DISTINCT FROM NEW.owner_id
                            OR OLD.kind IS DISTINCT FROM NEW.kind))
    EXECUTE FUNCTION crm_activity_day_keep();
