-- The board's column counts and values, kept per (stage, owner, team) as the opportunities change, so that the
-- board sums a few hundred rows instead of grouping every open opportunity on each request. Triggers keep it, so no
-- write path can forget it; `store::opportunities::open_totals_by_scan` is the definition it is checked against.
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

CREATE TRIGGER crm_open_totals_insert AFTER INSERT ON crm_opportunities
WHEN NEW.status = 'aberta'
BEGIN
    INSERT INTO crm_opportunity_open_totals (stage_id, owner_id, team_key, opportunities, value_cents)
    VALUES (NEW.stage_id, NEW.owner_id, COALESCE(NEW.team_id, ''), 1, NEW.expected_value_cents)
    ON CONFLICT (stage_id, owner_id, team_key)
    DO UPDATE SET opportunities = opportunities + 1, value_cents = value_cents + excluded.value_cents;
END;

CREATE TRIGGER crm_open_totals_delete AFTER DELETE ON crm_opportunities
WHEN OLD.status = 'aberta'
BEGIN
    UPDATE crm_opportunity_open_totals
    SET opportunities = opportunities - 1, value_cents = value_cents - OLD.expected_value_cents
    WHERE stage_id = OLD.stage_id AND owner_id = OLD.owner_id AND team_key = COALESCE(OLD.team_id, '');
END;

-- An update leaves the old key and enters the new one, only when what the totals key or sum on changes (a logged
-- activity touching `last_touch_at` does not).
CREATE TRIGGER crm_open_totals_update_leave AFTER UPDATE ON crm_opportunities
WHEN OLD.status = 'aberta'
    AND (OLD.status IS NOT NEW.status OR OLD.stage_id IS NOT NEW.stage_id OR OLD.owner_id IS NOT NEW.owner_id
         OR OLD.team_id IS NOT NEW.team_id OR OLD.expected_value_cents IS NOT NEW.expected_value_cents)
BEGIN
    UPDATE crm_opportunity_open_totals
    SET opportunities = opportunities - 1, value_cents = value_cents - OLD.expected_value_cents
    WHERE stage_id = OLD.stage_id AND owner_id = OLD.owner_id AND team_key = COALESCE(OLD.team_id, '');
END;

CREATE TRIGGER crm_open_totals_update_enter AFTER UPDATE ON crm_opportunities
WHEN NEW.status = 'aberta'
    AND (OLD.status IS NOT NEW.status OR OLD.stage_id IS NOT NEW.stage_id OR OLD.owner_id IS NOT NEW.owner_id
         OR OLD.team_id IS NOT NEW.team_id OR OLD.expected_value_cents IS NOT NEW.expected_value_cents)
BEGIN
    INSERT INTO crm_opportunity_open_totals (stage_id, owner_id, team_key, opportunities, value_cents)
    VALUES (NEW.stage_id, NEW.owner_id, COALESCE(NEW.team_id, ''), 1, NEW.expected_value_cents)
    ON CONFLICT (stage_id, owner_id, team_key)
    DO UPDATE SET opportunities = opportunities + 1, value_cents = value_cents + excluded.value_cents;
END;
