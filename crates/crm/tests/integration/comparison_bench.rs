//! The team comparison at volume (issue 11's target: a year of 1,000,000 activities and 200,000 sales in ≤ 500 ms on
//! PostgreSQL). Ignored by default (it loads a large dataset); run it on a quiet machine:
//!
//! `BACKOFFICE_REQUIRE_PG=1 cargo test --release -p crm --test integration comparison_bench:: -- --ignored --nocapture`
//!
//! The rows are inserted by SQL: 6 teams of 10 salespeople (each also in another team for the first quarter, so
//! membership by date matters), 1,000,000 done activities spread over 2026, and 200,000 opportunities (until the
//! sales context lands, the won ones stand for the sales: 60 % won, 25 % lost, the rest open).

use std::time::Instant;

use crm::Crm;
use platform::on_db;
use platform::testing::TestApi;
use poem::http::StatusCode;

const TEAMS: i64 = 6;
const MEMBERS: i64 = 10;
const ACTIVITIES: i64 = 1_000_000;
const OPPORTUNITIES: i64 = 200_000;

/// `i` from 0 to n − 1; a 64-bit integer, since the spreads (`i * 7919`) pass PostgreSQL's `integer`.
fn series(n: i64) -> String {
    format!(
        "WITH RECURSIVE n(i) AS (SELECT CAST(0 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < {})",
        n - 1
    )
}

async fn exec(api: &TestApi<Crm>, sql: &str) {
    on_db!(&api.db, pool => sqlx::query(sql).execute(pool).await.map(|_| ()))
        .unwrap_or_else(|e| panic!("{}: {e}\n{sql}", api.engine()));
}

/// A timestamp `seconds` after 2026-01-01 03:00 UTC (midnight in São Paulo), in each engine's SQL.
fn at(api: &TestApi<Crm>, seconds: &str) -> String {
    if matches!(api.db, platform::db::Db::Postgres(_)) {
        format!("(TIMESTAMPTZ '2026-01-01T03:00:00Z' + ({seconds}) * INTERVAL '1 second')")
    } else {
        format!("strftime('%Y-%m-%dT%H:%M:%S+00:00', '2026-01-01T03:00:00', '+' || ({seconds}) || ' seconds')")
    }
}

#[tokio::test]
#[ignore = "volume benchmark: run with --ignored on a quiet machine"]
async fn comparison_over_a_year_of_a_million_activities() {
    let apis = TestApi::<Crm>::on_each_engine_after::<(identity::Identity,)>().await;
    for api in apis {
        let started = Instant::now();
        let (d, ts) = if matches!(api.db, platform::db::Db::Postgres(_)) {
            ("DATE ", "TIMESTAMPTZ ")
        } else {
            ("", "")
        };
        exec(&api, &format!(
            "{} INSERT INTO crm_teams (id, name, name_key, unit_id, archived, version, created_at, created_by, \
             updated_at, updated_by) SELECT 'team-' || i, 'Time ' || i, 'time ' || i, NULL, FALSE, 1, \
             {ts}'2026-01-01T00:00:00Z', 'bench', {ts}'2026-01-01T00:00:00Z', 'bench' FROM n",
            series(TEAMS)
        )).await;
        // One team at a time: seller s is in team (s + 1) % 6 from January to March, then in team s % 6.
        exec(&api, &format!(
            "{} INSERT INTO crm_team_members (id, team_id, user_id, role_in_team, joined_on, left_on, created_at, \
             created_by, updated_at, updated_by) \
             SELECT 'm1-' || i, 'team-' || ((i + 1) % {TEAMS}), 'seller-' || i, 'vendedor', {d}'2026-01-01', \
             {d}'2026-03-31', {ts}'2026-01-01T00:00:00Z', 'bench', {ts}'2026-01-01T00:00:00Z', 'bench' FROM n \
             UNION ALL \
             SELECT 'm2-' || i, 'team-' || (i % {TEAMS}), 'seller-' || i, 'vendedor', {d}'2026-04-01', NULL, \
             {ts}'2026-01-01T00:00:00Z', 'bench', {ts}'2026-01-01T00:00:00Z', 'bench' FROM n",
            series(TEAMS * MEMBERS)
        )).await;
        let people = TEAMS * MEMBERS;
        let year_seconds = 365 * 86_400;
        exec(&api, &format!(
            "{} INSERT INTO crm_activities (id, kind, subject, owner_id, due_at, done_at, outcome, origin, version, \
             created_at, created_by, updated_at, updated_by) \
             SELECT 'a-' || i, CASE i % 6 WHEN 0 THEN 'ligacao' WHEN 1 THEN 'whatsapp' WHEN 2 THEN 'email' \
             WHEN 3 THEN 'visita' WHEN 4 THEN 'reuniao' ELSE 'tarefa' END, 'Contato', 'seller-' || (i % {people}), \
             {t}, {t}, 'atendeu', 'manual', 1, {t}, 'bench', {t}, 'bench' FROM n",
            series(ACTIVITIES),
            t = at(&api, &format!("(i * 7919) % {year_seconds}")),
        )).await;
        let created = at(
            &api,
            &format!("(i * 104729) % {}", year_seconds - 30 * 86_400),
        );
        let closed = at(
            &api,
            &format!(
                "(i * 104729) % {} + 86400 * (1 + i % 30)",
                year_seconds - 30 * 86_400
            ),
        );
        exec(&api, &format!(
            "{} INSERT INTO crm_opportunities (id, title, search_text, owner_id, team_id, stage_id, status, \
             expected_value_cents, source, closed_at, stage_entered_at, last_touch_at, version, created_at, \
             created_by, updated_at, updated_by) \
             SELECT 'o-' || i, 'Implante', 'implante', 'seller-' || (i % {people}), 'team-' || (i % {TEAMS}), \
             CASE WHEN i % 20 < 12 THEN 'ganho' WHEN i % 20 < 17 THEN 'perdido' ELSE 'qualificado' END, \
             CASE WHEN i % 20 < 12 THEN 'ganha' WHEN i % 20 < 17 THEN 'perdida' ELSE 'aberta' END, \
             100000 + i % 500000, 'site', CASE WHEN i % 20 < 17 THEN {closed} END, {created}, {created}, 1, \
             {created}, 'bench', {created}, 'bench' FROM n",
            series(OPPORTUNITIES),
        )).await;
        if matches!(api.db, platform::db::Db::Postgres(_)) {
            exec(&api, "VACUUM ANALYZE").await;
        } else {
            exec(&api, "ANALYZE").await;
        }
        println!(
            "{}: loaded in {:.1} s",
            api.engine(),
            started.elapsed().as_secs_f64()
        );

        let ids: Vec<String> = (0..TEAMS).map(|i| format!("team-{i}")).collect();
        let path = format!(
            "/api/v1/crm/teams/comparison?ids={}&from=2026-01-01&to=2026-12-31&granularity=semana",
            ids.join(",")
        );
        let mut times = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            let (status, body) = api.call("GET", &path, Some("ADMIN"), None).await;
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(status, StatusCode::OK, "{body}");
            let done: i64 = body["teams"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["current"]["activities_done"].as_i64().unwrap())
                .sum();
            assert_eq!(
                done, ACTIVITIES,
                "every activity counts for exactly one team"
            );
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{}: comparison of {TEAMS} teams over 2026, weekly: best {:.0} ms, median {:.0} ms, worst {:.0} ms",
            api.engine(),
            times[0],
            times[2],
            times[4]
        );
    }
}
