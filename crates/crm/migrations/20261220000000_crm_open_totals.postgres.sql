-- The board's column counts and values, kept per (stage, owner, team) as the opportunities change, so that the
-- board sums a few hundred rows instead of grouping every open opportunity on each request (50,000 of them took
-- ~20 ms of the board's ~36 ms on PostgreSQL). A trigger keeps it, so no write path can forget it;
-- `store::opportunities::open_totals_by_scan` is the definition it is checked against.
CREATE TABLE crm_opportunity_open_totals (
    stage_id TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    -- The team, or '' for none (a key column cannot be NULL).
    team_key TEXT NOT NULL,
    opportunities BIGINT NOT NULL,
    value_cents BIGINT NOT NULL,
    PRIMARY KEY (stage_id, owner_id, team_key)
);

INSERT INTO crm_opportunity_open_totals (stage_id, owner_id, team_key, opportunities, value_cents)
SELECT stage_id, owner_id, COALESCE(team_id, ''), COUNT(*), COALESCE(SUM(expected_value_cents), 0)
FROM crm_opportunities WHERE status = 'aberta'
GROUP BY stage_id, owner_id, COALESCE(team_id, '');

CREATE FUNCTION crm_open_totals_add(stage TEXT, owner TEXT, team TEXT, n BIGINT, cents BIGINT) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO crm_opportunity_open_totals AS t (stage_id, owner_id, team_key, opportunities, value_cents)
    VALUES (stage, owner, COALESCE(team, ''), n, cents)
    ON CONFLICT (stage_id, owner_id, team_key)
    DO UPDATE SET opportunities = t.opportunities + EXCLUDED.opportunities,
                  value_cents = t.value_cents + EXCLUDED.value_cents;
$$;

CREATE FUNCTION crm_open_totals_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    old_in BOOLEAN := TG_OP <> 'INSERT' AND OLD.status = 'aberta';
    new_in BOOLEAN := TG_OP <> 'DELETE' AND NEW.status = 'aberta';
BEGIN
    -- Two keys are touched in key order, so two moves in opposite directions cannot deadlock.
    IF old_in AND new_in
       AND (NEW.stage_id, NEW.owner_id, COALESCE(NEW.team_id, ''))
           < (OLD.stage_id, OLD.owner_id, COALESCE(OLD.team_id, '')) THEN
        PERFORM crm_open_totals_add(NEW.stage_id, NEW.owner_id, NEW.team_id, 1, NEW.expected_value_cents);
        PERFORM crm_open_totals_add(OLD.stage_id, OLD.owner_id, OLD.team_id, -1, -OLD.expected_value_cents);
    ELSE
        IF old_in THEN
            PERFORM crm_open_totals_add(OLD.stage_id, OLD.owner_id, OLD.team_id, -1, -OLD.expected_value_cents);
        END IF;
        IF new_in THEN
            PERFORM crm_open_totals_add(NEW.stage_id, NEW.owner_id, NEW.team_id, 1, NEW.expected_value_cents);
        END IF;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER crm_open_totals_insert AFTER INSERT ON crm_opportunities
    FOR EACH ROW WHEN (NEW.status = 'aberta') EXECUTE FUNCTION crm_open_totals_keep();
CREATE TRIGGER crm_open_totals_delete AFTER DELETE ON crm_opportunities
    FOR EACH ROW WHEN (OLD.status = 'aberta') EXECUTE FUNCTION crm_open_totals_keep();
-- Only when what the totals key or sum on changes (a logged activity touching `last_touch_at` does not).
CREATE TRIGGER crm_open_totals_update AFTER UPDATE ON crm_opportunities
    FOR EACH ROW WHEN ((OLD.status = 'aberta' OR NEW.status = 'aberta')
                       AND (OLD.status IS DISTINCT FROM NEW.status
                            OR OLD.stage_id IS DISTINCT FROM NEW.stage_id
                            OR OLD.owner_id IS DISTINCT FROM NEW.owner_id
                            OR OLD.team_id IS DISTINCT FROM NEW.team_id
                            OR OLD.expected_value_cents IS DISTINCT FROM NEW.expected_value_cents))
    EXECUTE FUNCTION crm_open_totals_keep();
