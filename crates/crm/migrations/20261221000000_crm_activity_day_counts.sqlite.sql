-- The done activities counted per (salesperson, business date, kind), kept as the activities change, so that the
-- team comparison and the KPIs sum at most people × days × kinds rows instead of grouping every activity of the
-- period. Triggers keep it, so no write path can forget it; `store::comparison::activities_by_scan` is the
-- definition it is checked against. The business date is São Paulo's: SQLite has no zone database, so it shifts by
-- three hours, as `store::comparison` does (São Paulo's offset since 2019).
CREATE TABLE crm_activity_day_counts (
    owner_id TEXT NOT NULL,
    day DATE NOT NULL,
    kind TEXT NOT NULL,
    done BIGINT NOT NULL,
    PRIMARY KEY (owner_id, day, kind)
);

INSERT INTO crm_activity_day_counts (owner_id, day, kind, done)
SELECT owner_id, date(done_at, '-3 hours'), kind, COUNT(*)
FROM crm_activities WHERE done_at IS NOT NULL
GROUP BY owner_id, date(done_at, '-3 hours'), kind;

CREATE TRIGGER crm_activity_day_insert AFTER INSERT ON crm_activities
WHEN NEW.done_at IS NOT NULL
BEGIN
    INSERT INTO crm_activity_day_counts (owner_id, day, kind, done)
    VALUES (NEW.owner_id, date(NEW.done_at, '-3 hours'), NEW.kind, 1)
    ON CONFLICT (owner_id, day, kind) DO UPDATE SET done = done + 1;
END;

CREATE TRIGGER crm_activity_day_delete AFTER DELETE ON crm_activities
WHEN OLD.done_at IS NOT NULL
BEGIN
    UPDATE crm_activity_day_counts SET done = done - 1
    WHERE owner_id = OLD.owner_id AND day = date(OLD.done_at, '-3 hours') AND kind = OLD.kind;
END;

-- An update leaves the old key and enters the new one, only when what the counts key on changes.
CREATE TRIGGER crm_activity_day_update_leave AFTER UPDATE ON crm_activities
WHEN OLD.done_at IS NOT NULL
    AND (OLD.done_at IS NOT NEW.done_at OR OLD.owner_id IS NOT NEW.owner_id OR OLD.kind IS NOT NEW.kind)
BEGIN
    UPDATE crm_activity_day_counts SET done = done - 1
    WHERE owner_id = OLD.owner_id AND day = date(OLD.done_at, '-3 hours') AND kind = OLD.kind;
END;

CREATE TRIGGER crm_activity_day_update_enter AFTER UPDATE ON crm_activities
WHEN NEW.done_at IS NOT NULL
    AND (OLD.done_at IS NOT NEW.done_at OR OLD.owner_id IS NOT NEW.owner_id OR OLD.kind IS NOT NEW.kind)
BEGIN
    INSERT INTO crm_activity_day_counts (owner_id, day, kind, done)
    VALUES (NEW.owner_id, date(NEW.done_at, '-3 hours'), NEW.kind, 1)
    ON CONFLICT (owner_id, day, kind) DO UPDATE SET done = done + 1;
END;
