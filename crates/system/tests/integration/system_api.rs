//! Jobs and the calendar through the API, on both engines.

use platform::jobs::{JobHandler, JobOptions, JobOutcome};
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::json;
use system::System;

async fn apis() -> Vec<TestApi<System>> {
    TestApi::<System>::on_each_engine_after::<(identity::Identity,)>().await
}

#[tokio::test]
async fn whoever_started_a_job_follows_its_progress_and_nobody_else_sees_it() {
    for api in apis().await {
        let jobs = &api.platform.jobs;
        jobs.register(JobHandler::new(
            "teste.contar",
            |run, total: i64| async move {
                run.progress(total, Some(total), "Concluído").await?;
                Ok(JobOutcome::with(json!({ "contados": total })))
            },
        ));
        let options = JobOptions {
            created_by: Some("uid-SALESPERSON".into()),
            ..JobOptions::default()
        };
        let id = jobs
            .enqueue_now("teste.contar", &7i64, options)
            .await
            .unwrap();
        let path = format!("/api/v1/system/jobs/{id}");

        let (status, job) = api.call("GET", &path, Some("SALESPERSON"), None).await;
        assert_eq!(
            (status, job["status"].as_str()),
            (StatusCode::OK, Some("queued")),
            "{job}"
        );
        jobs.run_until_idle().await.unwrap();
        let (_, job) = api.call("GET", &path, Some("SALESPERSON"), None).await;
        assert_eq!(job["status"], "done");
        assert_eq!(
            (
                job["progress_done"].as_i64(),
                job["progress_total"].as_i64()
            ),
            (Some(7), Some(7))
        );
        assert_eq!(job["result"], json!({ "contados": 7 }));

        // Another user: as if it did not exist. An administrator sees it.
        let (status, _) = api
            .call("GET", &path, Some("FINANCIAL_MANAGER"), None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = api.call("GET", &path, Some("ADMIN"), None).await;
        assert_eq!(status, StatusCode::OK);
    }
}

#[tokio::test]
async fn administrators_list_retry_and_cancel_jobs() {
    for api in apis().await {
        let jobs = &api.platform.jobs;
        jobs.register(JobHandler::new("teste.falha", |_run, _: ()| async {
            Err(platform::Error::internal("serviço externo fora do ar"))
        }));
        let once = JobOptions {
            max_attempts: Some(1),
            ..JobOptions::default()
        };
        let dead = jobs.enqueue_now("teste.falha", &(), once).await.unwrap();
        jobs.run_until_idle().await.unwrap();
        let waiting = jobs
            .enqueue_now("teste.falha", &(), JobOptions::default())
            .await
            .unwrap();

        let (status, page) = api
            .call(
                "GET",
                "/api/v1/system/jobs?status=dead",
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let items = page["items"].as_array().unwrap();
        assert_eq!(items.len(), 1);
        assert_eq!(
            (items[0]["id"].as_str(), items[0]["last_error"].as_str()),
            (Some(dead.as_str()), Some("serviço externo fora do ar"))
        );
        let (status, _) = api
            .call(
                "GET",
                "/api/v1/system/jobs",
                Some("FINANCIAL_MANAGER"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);

        let (status, job) = api
            .call(
                "POST",
                &format!("/api/v1/system/jobs/{dead}/retry"),
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(
            (status, job["status"].as_str()),
            (StatusCode::OK, Some("queued"))
        );
        let (status, job) = api
            .call(
                "POST",
                &format!("/api/v1/system/jobs/{waiting}/cancel"),
                Some("SUPER_ADMIN"),
                None,
            )
            .await;
        assert_eq!(
            (status, job["status"].as_str()),
            (StatusCode::OK, Some("cancelled"))
        );
        let (status, error) = api
            .call(
                "POST",
                &format!("/api/v1/system/jobs/{waiting}/cancel"),
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("estado_invalido"))
        );
    }
}

#[tokio::test]
async fn the_summary_counts_the_last_days_jobs_by_kind_and_state() {
    for api in apis().await {
        let jobs = &api.platform.jobs;
        jobs.register(JobHandler::new("teste.ok", |_run, _: ()| async {
            Ok(JobOutcome::done())
        }));
        jobs.register(JobHandler::new("teste.falha", |_run, _: ()| async {
            Err(platform::Error::internal("fora do ar"))
        }));
        let once = || JobOptions {
            max_attempts: Some(1),
            ..JobOptions::default()
        };
        // Ten days ago: outside the default window of seven.
        jobs.enqueue_now("teste.ok", &(), once()).await.unwrap();
        jobs.run_until_idle().await.unwrap();
        api.clock.advance(chrono::Duration::days(10));
        for _ in 0..2 {
            jobs.enqueue_now("teste.ok", &(), once()).await.unwrap();
        }
        jobs.enqueue_now("teste.falha", &(), once()).await.unwrap();
        jobs.run_until_idle().await.unwrap();
        jobs.enqueue_now("teste.ok", &(), once()).await.unwrap();

        let path = "/api/v1/system/jobs/summary";
        let (status, summary) = api.call("GET", path, Some("ADMIN"), None).await;
        assert_eq!(status, StatusCode::OK, "{summary}");
        assert_eq!(summary["days"], 7);
        let kinds = summary["kinds"].as_array().unwrap();
        let row = |kind: &str| kinds.iter().find(|k| k["kind"] == kind).cloned();
        let falha = row("teste.falha").unwrap();
        assert_eq!(
            (falha["dead"].as_i64(), falha["done"].as_i64()),
            (Some(1), Some(0))
        );
        let ok = row("teste.ok").unwrap();
        assert_eq!(
            (ok["done"].as_i64(), ok["queued"].as_i64()),
            (Some(2), Some(1))
        );

        // A window of eleven days reaches the first job too.
        let (_, summary) = api
            .call("GET", &format!("{path}?days=11"), Some("ADMIN"), None)
            .await;
        let ok = summary["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["kind"] == "teste.ok")
            .cloned()
            .unwrap();
        assert_eq!(ok["done"].as_i64(), Some(3));

        let (status, _) = api.call("GET", path, Some("FINANCIAL_MANAGER"), None).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, error) = api
            .call("GET", &format!("{path}?days=0"), Some("ADMIN"), None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    }
}

#[tokio::test]
async fn the_calendar_lists_national_and_added_holidays() {
    for api in apis().await {
        let (status, year) = api
            .call(
                "GET",
                "/api/v1/system/holidays?year=2026",
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(year["holidays"].as_array().unwrap().len(), 13);
        assert!(year["today"].is_string());

        let body = json!({"day": "2026-07-09", "name": "Revolução Constitucionalista"});
        let (status, _) = api
            .call(
                "POST",
                "/api/v1/system/holidays",
                Some("SALESPERSON"),
                Some(body.clone()),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // An administration page: a finance manager reads the calendar but does not edit it by default.
        let (status, _) = api
            .call(
                "POST",
                "/api/v1/system/holidays",
                Some("FINANCIAL_MANAGER"),
                Some(body.clone()),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, added) = api
            .call(
                "POST",
                "/api/v1/system/holidays",
                Some("ADMIN"),
                Some(body.clone()),
            )
            .await;
        assert_eq!(
            (status, added["national"].as_bool()),
            (StatusCode::CREATED, Some(false))
        );
        let (status, error) = api
            .call("POST", "/api/v1/system/holidays", Some("ADMIN"), Some(body))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"][0]["field"], "day");
        let (_, year) = api
            .call(
                "GET",
                "/api/v1/system/holidays?year=2026",
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(year["holidays"].as_array().unwrap().len(), 14);

        let (status, _) = api
            .call(
                "DELETE",
                "/api/v1/system/holidays/2026-07-09",
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, _) = api
            .call(
                "DELETE",
                "/api/v1/system/holidays/2026-12-25",
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "a national holiday is not removable"
        );
        let (status, error) = api
            .call(
                "DELETE",
                "/api/v1/system/holidays/nove-de-julho",
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(
            (status, error["fields"][0]["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some("day")),
            "{error}"
        );
    }
}

#[tokio::test]
async fn a_units_holiday_is_listed_with_its_unit_filtered_edited_and_removed() {
    for api in apis().await {
        let mut ids = Vec::new();
        for code in ["FOR", "REC"] {
            let (status, unit) = api
                .call(
                    "POST",
                    "/api/v1/system/units",
                    Some("ADMIN"),
                    Some(json!({ "code": code, "name": format!("Clínica {code}") })),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{unit}");
            ids.push(unit["id"].as_str().unwrap().to_string());
        }
        let (fortaleza, recife) = (&ids[0], &ids[1]);
        let body = json!({"day": "2026-03-19", "name": "São José", "unit_id": fortaleza});
        let (status, added) = api
            .call("POST", "/api/v1/system/holidays", Some("ADMIN"), Some(body))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{added}");
        assert_eq!(
            (added["unit_id"].as_str(), added["unit_name"].as_str()),
            (Some(fortaleza.as_str()), Some("Clínica FOR"))
        );
        // A company-wide holiday on that day is refused naming the date.
        let body = json!({"day": "2026-03-19", "name": "Geral"});
        let (status, error) = api
            .call("POST", "/api/v1/system/holidays", Some("ADMIN"), Some(body))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"][0]["field"], "day");
        let body = json!({"day": "2026-03-20", "name": "X", "unit_id": "nao-existe"});
        let (status, error) = api
            .call("POST", "/api/v1/system/holidays", Some("ADMIN"), Some(body))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"][0]["field"], "unit_id");

        // Every unit's without a filter; with one, the calendar of that unit.
        let listed = |unit: &str| {
            let path = format!("/api/v1/system/holidays?year=2026&unit_id={unit}");
            let api = &api;
            async move {
                let (status, year) = api.call("GET", &path, Some("SALESPERSON"), None).await;
                assert_eq!(status, StatusCode::OK, "{year}");
                year["holidays"].as_array().unwrap().len()
            }
        };
        assert_eq!(listed("").await, 14);
        assert_eq!(listed(fortaleza).await, 14);
        assert_eq!(listed(recife).await, 13);

        // Moved to Recife (the key is the date and the unit), then removed.
        let path = format!("/api/v1/system/holidays/2026-03-19?unit_id={fortaleza}");
        let body = json!({"day": "2026-03-19", "name": "Feriado local", "unit_id": recife});
        let (status, _) = api
            .call("PUT", &path, Some("FINANCIAL_MANAGER"), Some(body.clone()))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, edited) = api.call("PUT", &path, Some("ADMIN"), Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{edited}");
        assert_eq!(edited["unit_name"], "Clínica REC");
        assert_eq!(listed(fortaleza).await, 13);
        assert_eq!(listed(recife).await, 14);
        let (status, _) = api.call("DELETE", &path, Some("ADMIN"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let path = format!("/api/v1/system/holidays/2026-03-19?unit_id={recife}");
        let (status, _) = api.call("DELETE", &path, Some("ADMIN"), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        assert_eq!(listed("").await, 13);
    }
}

async fn upload(
    api: &TestApi<System>,
    token: &str,
    name: &str,
    bytes: Vec<u8>,
) -> poem::test::TestResponse {
    use poem::test::{TestForm, TestFormField};
    let form = TestForm::new().field(TestFormField::bytes(bytes).name("file").filename(name));
    api.client
        .post("/api/v1/system/files")
        .header("Authorization", format!("Bearer {token}"))
        .multipart(form)
        .send()
        .await
}

#[tokio::test]
async fn a_file_is_uploaded_and_downloaded_byte_for_byte_by_its_owner() {
    for api in apis().await {
        let content = b"%PDF-1.4\n% boleto\n".to_vec();
        let resp = upload(&api, "FINANCIAL_ASSISTANT", "boleto.pdf", content.clone()).await;
        resp.assert_status(StatusCode::CREATED);
        let stored = resp.json().await.value().deserialize::<serde_json::Value>();
        assert_eq!(
            (
                stored["content_type"].as_str(),
                stored["size_bytes"].as_i64()
            ),
            (Some("application/pdf"), Some(content.len() as i64))
        );
        let path = format!("/api/v1/system/files/{}", stored["id"].as_str().unwrap());

        let resp = api
            .client
            .get(&path)
            .header("Authorization", "Bearer FINANCIAL_ASSISTANT")
            .send()
            .await;
        resp.assert_status_is_ok();
        resp.assert_header("content-type", "application/pdf");
        resp.assert_header("content-disposition", "attachment; filename=\"boleto.pdf\"");
        assert_eq!(resp.0.into_body().into_vec().await.unwrap(), content);
        let (status, _) = api
            .call("GET", &path, Some("FINANCIAL_MANAGER"), None)
            .await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "someone else's file is out of reach"
        );
        let (status, _) = api.call("GET", &path, Some("ADMIN"), None).await;
        assert_eq!(status, StatusCode::OK);
    }
}

#[tokio::test]
async fn an_oversized_or_refused_upload_is_413_or_415() {
    for api in apis().await {
        let resp = upload(
            &api,
            "ADMIN",
            "grande.csv",
            vec![b'a'; platform::files::MAX_FILE_BYTES + 1],
        )
        .await;
        resp.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
        let body = resp.json().await.value().deserialize::<serde_json::Value>();
        assert_eq!(body["code"], "arquivo_grande_demais");
        let resp = upload(
            &api,
            "ADMIN",
            "nota.pdf",
            b"MZ\x90\0\x03\0\0\0\x04\0".to_vec(),
        )
        .await;
        resp.assert_status(StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let body = resp.json().await.value().deserialize::<serde_json::Value>();
        assert!(body["message"]
            .as_str()
            .unwrap()
            .starts_with("Tipo de arquivo não aceito"));
    }
}

#[tokio::test]
async fn a_queue_probe_runs_every_job_once_and_says_where() {
    for api in apis().await {
        let (status, created) = api
            .call(
                "POST",
                "/api/v1/system/job-probes",
                Some("ADMIN"),
                Some(json!({"jobs": 25, "work_ms": 0})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        assert_eq!(
            (created["jobs"].as_i64(), created["runs"].as_i64()),
            (Some(25), Some(0))
        );
        let path = format!(
            "/api/v1/system/job-probes/{}",
            created["batch"].as_str().unwrap()
        );
        api.platform.jobs.run_until_idle().await.unwrap();
        let (_, report) = api.call("GET", &path, Some("ADMIN"), None).await;
        assert_eq!(
            (report["runs"].as_i64(), report["distinct_jobs"].as_i64()),
            (Some(25), Some(25)),
            "{report}"
        );
        assert_eq!(report["by_worker"].as_array().unwrap().len(), 1, "{report}");
        assert_eq!(report["by_worker"][0]["runs"], 25);
        assert_eq!(report["done"], 25);

        // A batch that records nothing is a true no-op: the jobs are done, no run row is written.
        let (status, created) = api
            .call(
                "POST",
                "/api/v1/system/job-probes",
                Some("ADMIN"),
                Some(json!({"jobs": 40, "work_ms": 0, "record": false})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        assert_eq!(created["done"], 0);
        api.platform.jobs.run_until_idle().await.unwrap();
        let noop = format!(
            "/api/v1/system/job-probes/{}",
            created["batch"].as_str().unwrap()
        );
        let (_, report) = api.call("GET", &noop, Some("ADMIN"), None).await;
        assert_eq!(
            (report["done"].as_i64(), report["runs"].as_i64()),
            (Some(40), Some(0)),
            "{report}"
        );

        // Bad input names its field; nothing is enqueued.
        for (body, field) in [
            (json!({"jobs": 0, "work_ms": 0}), "jobs"),
            (json!({"jobs": 10001, "work_ms": 0}), "jobs"),
            (json!({"jobs": 5, "work_ms": 60000}), "work_ms"),
            (json!({"jobs": 5, "work_ms": 0, "record": null}), "record"),
        ] {
            let (status, refused) = api
                .call(
                    "POST",
                    "/api/v1/system/job-probes",
                    Some("ADMIN"),
                    Some(body),
                )
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
            assert_eq!(refused["fields"][0]["field"], field, "{refused}");
        }
        assert_eq!(api.platform.jobs.run_until_idle().await.unwrap(), 0);
        // Administrators only; an unknown batch is 404.
        let (status, _) = api
            .call("GET", &path, Some("FINANCIAL_MANAGER"), None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = api
            .call(
                "GET",
                "/api/v1/system/job-probes/nao-existe",
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn a_probe_in_steps_is_one_job_whose_progress_is_read_through_the_jobs_api() {
    for api in apis().await {
        let (status, created) = api
            .call(
                "POST",
                "/api/v1/system/job-probes",
                Some("ADMIN"),
                Some(json!({"jobs": 1, "work_ms": 0, "steps": 4})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let job = format!(
            "/api/v1/system/jobs/{}",
            created["job_id"].as_str().expect("job_id")
        );
        let (_, queued) = api.call("GET", &job, Some("ADMIN"), None).await;
        assert_eq!(queued["status"], "queued", "{queued}");
        assert!(queued.get("progress_done").is_none(), "{queued}");
        assert_eq!(api.platform.jobs.run_until_idle().await.unwrap(), 1);
        let (_, done) = api.call("GET", &job, Some("ADMIN"), None).await;
        assert_eq!(
            (
                done["progress_done"].as_i64(),
                done["progress_total"].as_i64()
            ),
            (Some(4), Some(4)),
            "{done}"
        );
        assert_eq!(done["progress_message"], "Etapa 4 de 4");
        // A plain batch has no one job to follow.
        let (_, plain) = api
            .call(
                "POST",
                "/api/v1/system/job-probes",
                Some("ADMIN"),
                Some(json!({"jobs": 2, "work_ms": 0})),
            )
            .await;
        assert!(plain.get("job_id").is_none(), "{plain}");

        // Steps are one job: more jobs are refused naming `jobs`; steps out of range name `steps`.
        for (body, status_expected, field) in [
            (
                json!({"jobs": 3, "work_ms": 0, "steps": 2}),
                StatusCode::UNPROCESSABLE_ENTITY,
                "jobs",
            ),
            (
                json!({"jobs": 1, "work_ms": 0, "steps": 0}),
                StatusCode::BAD_REQUEST,
                "steps",
            ),
            (
                json!({"jobs": 1, "work_ms": 0, "steps": 101}),
                StatusCode::BAD_REQUEST,
                "steps",
            ),
        ] {
            let (status, refused) = api
                .call(
                    "POST",
                    "/api/v1/system/job-probes",
                    Some("ADMIN"),
                    Some(body),
                )
                .await;
            assert_eq!(status, status_expected, "{refused}");
            assert_eq!(refused["fields"][0]["field"], field, "{refused}");
        }
    }
}

#[tokio::test]
async fn administrators_keep_the_units_everyone_reads_and_codes_never_repeat() {
    for api in apis().await {
        let body = json!({ "code": "cli 01", "name": "Clínica  Centro", "city": "São Paulo", "state": "sp" });
        let (status, _) = api
            .call(
                "POST",
                "/api/v1/system/units",
                Some("SALES_MANAGER"),
                Some(body.clone()),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, unit) = api
            .call(
                "POST",
                "/api/v1/system/units",
                Some("ADMIN"),
                Some(body.clone()),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{unit}");
        assert_eq!(
            (
                &unit["code"],
                &unit["name"],
                &unit["state"],
                &unit["active"]
            ),
            (
                &json!("CLI-01"),
                &json!("Clínica Centro"),
                &json!("SP"),
                &json!(true)
            )
        );
        let (status, err) = api
            .call("POST", "/api/v1/system/units", Some("ADMIN"), Some(body))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(err["fields"][0]["field"], "code", "{err}");
        let (status, err) = api
            .call(
                "POST",
                "/api/v1/system/units",
                Some("ADMIN"),
                Some(json!({ "code": "X", "name": "", "state": "ZZ" })),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let fields: Vec<_> = err["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["field"].clone())
            .collect();
        assert_eq!(fields, [json!("name"), json!("state")]);

        let path = format!("/api/v1/system/units/{}", unit["id"].as_str().unwrap());
        let (status, closed) = api
            .call(
                "PUT",
                &path,
                Some("ADMIN"),
                Some(json!({ "code": "CLI-01", "name": "Clínica Centro", "active": false })),
            )
            .await;
        assert_eq!(
            (status, &closed["active"], &closed["version"]),
            (StatusCode::OK, &json!(false), &json!(2))
        );
        let (status, list) = api
            .call("GET", "/api/v1/system/units", Some("SALESPERSON"), None)
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list.as_array().unwrap().len(), 1);
        let (status, _) = api
            .call(
                "PUT",
                "/api/v1/system/units/nao-existe",
                Some("ADMIN"),
                Some(json!({ "code": "A", "name": "B" })),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}
