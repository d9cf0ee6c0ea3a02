-- Activities: a call, a WhatsApp message, an e-mail, a visit, a meeting or a task of a salesperson, due at a time,
-- done with an outcome. Overdue = not done and due in the past.
CREATE TABLE crm_activities (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('ligacao', 'whatsapp', 'email', 'visita', 'reuniao', 'tarefa')),
    subject TEXT NOT NULL,
    notes TEXT,
    client_id TEXT REFERENCES crm_clients (id),
    -- No foreign key: the funnel checks the opportunity when it is wired to activities.
    opportunity_id TEXT,
    owner_id TEXT NOT NULL,
    due_at TIMESTAMPTZ NOT NULL,
    done_at TIMESTAMPTZ,
    outcome TEXT CHECK (outcome IN ('atendeu', 'nao_atendeu', 'caixa_postal', 'respondeu', 'agendou_avaliacao',
                                    'sem_interesse', 'numero_invalido', 'outro')),
    duration_s BIGINT,
    origin TEXT NOT NULL CHECK (origin IN ('manual', 'plugin', 'cadencia', 'timer', 'sistema')),
    cadence_step_id TEXT,
    enrollment_id TEXT,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    CHECK ((done_at IS NULL) = (outcome IS NULL))
);
-- The tabs: an owner's open activities by due time, and their done ones newest first.
CREATE INDEX crm_activities_owner_open ON crm_activities (owner_id, done_at, due_at);
CREATE INDEX crm_activities_due ON crm_activities (due_at) WHERE done_at IS NULL;
CREATE INDEX crm_activities_client ON crm_activities (client_id, due_at) WHERE client_id IS NOT NULL;
CREATE INDEX crm_activities_opportunity ON crm_activities (opportunity_id) WHERE opportunity_id IS NOT NULL;
