-- Cadences: a sequence of steps (a WhatsApp message, a call, an e-mail, a task) on business days, each inside a
-- time window, with a message template. Steps are versioned: editing an active cadence (or one with enrollments)
-- makes a new version and enrollments keep theirs.
CREATE TABLE crm_cadences (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- crm_teams.id; NULL: a global cadence (every salesperson may use it).
    team_id TEXT REFERENCES crm_teams (id),
    active BOOLEAN NOT NULL,
    -- What `{link}` is filled with (a marketing link, a page), optional.
    link_url TEXT,
    -- The version new enrollments take.
    current_version INTEGER NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);

CREATE TABLE crm_cadence_steps (
    id TEXT PRIMARY KEY,
    cadence_id TEXT NOT NULL REFERENCES crm_cadences (id),
    cadence_version INTEGER NOT NULL,
    step_order INTEGER NOT NULL,
    day_offset INTEGER NOT NULL,
    -- hh:mm, São Paulo time, within business hours.
    window_start TEXT NOT NULL,
    window_end TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('email', 'whatsapp', 'ligacao', 'tarefa')),
    template TEXT NOT NULL,
    UNIQUE (cadence_id, cadence_version, step_order)
);

-- A client in a cadence. `current_step` is the order of the next step to fall (past the last one: done);
-- `anchor_on` is the business day step `anchor_offset`'s day_offset counts from (the start, or the resume day).
CREATE TABLE crm_cadence_enrollments (
    id TEXT PRIMARY KEY,
    cadence_id TEXT NOT NULL REFERENCES crm_cadences (id),
    cadence_version INTEGER NOT NULL,
    client_id TEXT NOT NULL REFERENCES crm_clients (id),
    owner_id TEXT NOT NULL,
    current_step INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('ativa', 'pausada', 'concluida', 'encerrada')),
    pause_reason TEXT CHECK (pause_reason IN ('resposta', 'ausencia', 'manual')),
    resume_on DATE,
    -- Why it ended: 'manual', 'ganho' (won opportunity), 'opt_out' (do_not_contact).
    end_reason TEXT,
    anchor_on DATE NOT NULL,
    anchor_offset INTEGER NOT NULL,
    next_due_at TIMESTAMPTZ,
    replied_at TIMESTAMPTZ,
    booked_at TIMESTAMPTZ,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    CHECK ((status = 'pausada') = (pause_reason IS NOT NULL))
);
-- One open (active or paused) enrollment per client.
CREATE UNIQUE INDEX crm_cadence_enrollments_open ON crm_cadence_enrollments (client_id)
    WHERE status IN ('ativa', 'pausada');
CREATE INDEX crm_cadence_enrollments_cadence ON crm_cadence_enrollments (cadence_id, status);
CREATE INDEX crm_cadence_enrollments_due ON crm_cadence_enrollments (next_due_at) WHERE status = 'ativa';

-- Each step that fell for an enrollment: written once (the primary key is the guard that a step never fires
-- twice), with what it became and whether the client answered or booked after it.
CREATE TABLE crm_cadence_step_runs (
    enrollment_id TEXT NOT NULL REFERENCES crm_cadence_enrollments (id),
    step_order INTEGER NOT NULL,
    step_id TEXT NOT NULL,
    cadence_id TEXT NOT NULL,
    fired_at TIMESTAMPTZ NOT NULL,
    -- The activity it became (NULL when the e-mail was sent).
    activity_id TEXT,
    emailed BOOLEAN NOT NULL,
    replied BOOLEAN NOT NULL,
    booked BOOLEAN NOT NULL,
    PRIMARY KEY (enrollment_id, step_order)
);
CREATE INDEX crm_cadence_step_runs_cadence ON crm_cadence_step_runs (cadence_id, step_order);
