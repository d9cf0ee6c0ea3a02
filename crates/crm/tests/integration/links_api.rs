//! Marketing links and campaigns through the API (`platform::testing::TestApi`, SQLite and PostgreSQL), and
//! `/l/{code}` through the endpoint the server mounts (`Crm::redirect`). Clicks are written by a background
//! task in batches; the tests await its flush instead of sleeping.
//!
//! Tokens name the role (`SALES_MANAGER`, `SALESPERSON`…); the uid is `uid-<token>`, so `SALESPERSON` and
//! `SALESPERSON+hub` are two salespeople.

use std::sync::Arc;

use chrono::Duration;
use crm::api::Redirect;
use crm::Crm;
use platform::clock::Clock;
use platform::db::Db;
use platform::on_db;
use platform::testing::TestApi;
use poem::http::StatusCode;
use poem::{Endpoint, Request};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::common;
use common::{call, fields, MANAGER, OTHER_SELLER, SELLER};

const WHATSAPP_PREVIEW: &str = "WhatsApp/2.23.20.0 A";
const PHONE: &str =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

async fn apis() -> Vec<TestApi<Crm>> {
    TestApi::<Crm>::on_each_engine_after::<(identity::Identity,)>().await
}

fn link(label: &str) -> Value {
    json!({
        "label": label,
        "destination_url": "https://wa.me/5511999990000?text=Ol%C3%A1",
        "utm_source": "instagram",
        "utm_medium": "social",
        "utm_campaign": "Black Friday 2026",
    })
}

async fn create(api: &TestApi<Crm>, token: &str, body: Value) -> Value {
    let (status, created) = call(api, "POST", "/links", token, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {created}", api.engine());
    created
}

/// A request to `/l/{code}` as a browser (or a previewer) sends it.
async fn visit(
    redirect: &Redirect,
    code: &str,
    user_agent: &str,
) -> (StatusCode, Option<String>, String) {
    let req = Request::builder()
        .uri_str(format!("/l/{code}"))
        .header("User-Agent", user_agent)
        .header("Referer", "https://l.instagram.com/?u=secret&e=123")
        .finish();
    let resp = redirect.call(req).await.expect("a response");
    let status = resp.status();
    let location = resp
        .headers()
        .get("Location")
        .map(|v| v.to_str().unwrap().to_string());
    let body = resp.into_body().into_string().await.unwrap_or_default();
    (status, location, body)
}

async fn counts(api: &TestApi<Crm>, id: &str) -> (i64, i64, i64) {
    let (status, l) = call(api, "GET", &format!("/links/{id}"), MANAGER, None).await;
    assert_eq!(status, StatusCode::OK, "{l}");
    (
        l["clicks"].as_i64().unwrap(),
        l["previews"].as_i64().unwrap(),
        l["unique_visitors"].as_i64().unwrap(),
    )
}

#[tokio::test]
async fn scenario_24_whatsapp_preview_grows_previews_not_clicks_and_an_evil_destination_is_422() {
    for api in apis().await {
        let created = create(&api, MANAGER, link("Promo Instagram")).await;
        let (id, code) = (
            created["id"].as_str().unwrap(),
            created["code"].as_str().unwrap(),
        );
        let redirect = api.context.redirect();

        // WhatsApp's preview bot fetches the link: previews grow, clicks do not.
        let (status, location, _) = visit(&redirect, code, WHATSAPP_PREVIEW).await;
        assert_eq!(status, StatusCode::FOUND);
        assert!(location.is_some());
        redirect.flush().await;
        assert_eq!(counts(&api, id).await, (0, 1, 0), "{}", api.engine());

        // A person opening it is a click (and a unique visitor).
        visit(&redirect, code, PHONE).await;
        visit(&redirect, code, PHONE).await;
        redirect.flush().await;
        assert_eq!(counts(&api, id).await, (2, 1, 1), "{}", api.engine());

        // A link to https://evil.example is refused, naming destination_url.
        let mut evil = link("Golpe");
        evil["destination_url"] = json!("https://evil.example");
        let (status, body) = call(&api, "POST", "/links", MANAGER, Some(evil)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(fields(&body), ["destination_url"]);
        // Nor can an existing link be pointed there.
        let (status, body) = call(
            &api,
            "PATCH",
            &format!("/links/{id}"),
            MANAGER,
            Some(json!({"destination_url": "https://wa.me.evil.example/"})),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(fields(&body), ["destination_url"]);
    }
}

#[tokio::test]
async fn the_redirect_appends_the_utms_keeping_the_destinations_parameters() {
    for api in apis().await {
        let created = create(&api, MANAGER, link("Promo")).await;
        let code = created["code"].as_str().unwrap();
        assert_eq!(code.len(), 7);
        assert!(code.bytes().all(|b| b.is_ascii_alphanumeric()));
        assert_eq!(created["utm_campaign"], "black-friday-2026");
        let expected =
            "https://wa.me/5511999990000?text=Ol%C3%A1&utm_source=instagram&utm_medium=social\
                        &utm_campaign=black-friday-2026";
        assert_eq!(created["final_url"], expected);
        let redirect = api.context.redirect();
        let (status, location, _) = visit(&redirect, code, PHONE).await;
        assert_eq!(status, StatusCode::FOUND);
        assert_eq!(location.as_deref(), Some(expected));

        // An edit is seen at once (the instance's cache forgets the code).
        let (status, edited) = call(
            &api,
            "PATCH",
            &format!("/links/{}", created["id"].as_str().unwrap()),
            MANAGER,
            Some(json!({"destination_url": "https://www.instagram.com/loja", "utm_term": "Verão", "utm_campaign": null})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{edited}");
        let (_, location, _) = visit(&redirect, code, PHONE).await;
        assert_eq!(
            location.as_deref(),
            Some("https://www.instagram.com/loja?utm_source=instagram&utm_medium=social&utm_term=verao")
        );
    }
}

#[tokio::test]
async fn archived_and_expired_links_are_410_and_unknown_codes_404() {
    for api in apis().await {
        let redirect = api.context.redirect();
        let (status, location, body) = visit(&redirect, "abc1234", PHONE).await;
        assert_eq!((status, location), (StatusCode::NOT_FOUND, None));
        assert!(body.contains("Link não encontrado"), "{body}");
        let (status, _, _) = visit(&redirect, "../../etc", PHONE).await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        let created = create(&api, MANAGER, link("Arquivar")).await;
        let (id, code) = (
            created["id"].as_str().unwrap(),
            created["code"].as_str().unwrap(),
        );
        assert_eq!(visit(&redirect, code, PHONE).await.0, StatusCode::FOUND);
        let (status, archived) =
            call(&api, "POST", &format!("/links/{id}/archive"), MANAGER, None).await;
        assert_eq!(status, StatusCode::OK, "{archived}");
        assert_eq!(
            (archived["archived"].clone(), archived["code"].clone()),
            (json!(true), json!(code))
        );
        let (status, location, body) = visit(&redirect, code, PHONE).await;
        assert_eq!((status, location), (StatusCode::GONE, None));
        assert!(
            body.contains("Link indisponível") && body.contains("lang=\"pt-BR\""),
            "{body}"
        );
        // An archived link is not edited.
        let (status, _) = call(
            &api,
            "PATCH",
            &format!("/links/{id}"),
            MANAGER,
            Some(json!({"label": "x"})),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);

        // A link past its last day answers 410 too.
        let today = api.clock.today();
        let mut expiring = link("Expira");
        expiring["expires_on"] = json!(today.succ_opt().unwrap().succ_opt().unwrap().to_string());
        let expiring = create(&api, MANAGER, expiring).await;
        let code = expiring["code"].as_str().unwrap();
        assert_eq!(visit(&redirect, code, PHONE).await.0, StatusCode::FOUND);
        api.clock.advance(Duration::days(4));
        assert_eq!(visit(&redirect, code, PHONE).await.0, StatusCode::GONE);
        let (_, view) = call(
            &api,
            "GET",
            &format!("/links/{}", expiring["id"].as_str().unwrap()),
            MANAGER,
            None,
        )
        .await;
        assert_eq!(view["expired"], true);
        redirect.flush().await;
    }
}

/// The hex SHA-256 the domain documents: salt, address and user agent, separated by a zero byte.
fn expected_hash(salt: &str, ip: &str, ua: &str) -> String {
    let mut h = Sha256::new();
    for (i, part) in [salt, ip, ua].iter().enumerate() {
        if i > 0 {
            h.update([0]);
        }
        h.update(part.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

async fn stored_clicks(db: &Db) -> Vec<(String, String, Option<String>, String)> {
    let sql = "SELECT kind, device, referrer_domain, visitor_hash FROM crm_link_clicks ORDER BY at";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await).unwrap()
}

async fn raw_get(addr: std::net::SocketAddr, path: &str, ua: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: {ua}\r\n\
         Referer: https://www.google.com/search?q=segredo\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(req.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
}

#[tokio::test]
async fn the_visitor_hash_is_never_the_address() {
    for api in apis().await {
        let created = create(&api, MANAGER, link("Hash")).await;
        let code = created["code"].as_str().unwrap().to_string();
        // Over a real socket, so the request has the client's address (127.0.0.1).
        let redirect = Arc::new(api.context.redirect());
        let acceptor = poem::listener::Listener::into_acceptor(poem::listener::TcpListener::bind(
            "127.0.0.1:0",
        ))
        .await
        .unwrap();
        let addr = poem::listener::Acceptor::local_addr(&acceptor)[0]
            .as_socket_addr()
            .copied()
            .unwrap();
        let server = tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(redirect.clone()));
        let answer = raw_get(addr, &format!("/l/{code}"), PHONE).await;
        assert!(answer.starts_with("HTTP/1.1 302"), "{answer}");
        redirect.flush().await;
        server.abort();

        let clicks = stored_clicks(&api.db).await;
        assert_eq!(clicks.len(), 1, "{}", api.engine());
        let (kind, device, referrer, hash) = &clicks[0];
        assert_eq!((kind.as_str(), device.as_str()), ("click", "mobile"));
        // The referrer's domain, never its query.
        assert_eq!(referrer.as_deref(), Some("www.google.com"));
        assert_eq!(hash.len(), 64);
        assert!(!hash.contains("127.0.0.1"));
        let salt: String =
            on_db!(&api.db, pool => sqlx::query_scalar("SELECT salt FROM crm_link_salts")
            .fetch_one(pool).await)
            .unwrap();
        assert_eq!(hash, &expected_hash(&salt, "127.0.0.1", PHONE));
        // No column of the click table holds the address.
        let everything = format!("{clicks:?}");
        assert!(!everything.contains("127.0.0.1"), "{everything}");
    }
}

#[tokio::test]
async fn clicks_are_written_in_batches_and_counted_per_link() {
    for api in apis().await {
        let a = create(&api, MANAGER, link("A")).await;
        let b = create(&api, MANAGER, link("B")).await;
        let redirect = api.context.redirect();
        for i in 0..1_200 {
            let ua = format!("{PHONE} visitor-{}", i % 300);
            visit(&redirect, a["code"].as_str().unwrap(), &ua).await;
        }
        for _ in 0..3 {
            visit(
                &redirect,
                b["code"].as_str().unwrap(),
                "TelegramBot (like TwitterBot)",
            )
            .await;
        }
        redirect.flush().await;
        assert_eq!(
            counts(&api, a["id"].as_str().unwrap()).await,
            (1_200, 0, 300)
        );
        assert_eq!(counts(&api, b["id"].as_str().unwrap()).await, (0, 3, 0));
        let (_, page) = call(&api, "GET", "/links", MANAGER, None).await;
        let listed: Vec<(String, i64)> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["label"].as_str().unwrap().to_string(),
                    l["clicks"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(listed, [("B".to_string(), 0), ("A".to_string(), 1_200)]);
        let first = &page["items"][0];
        assert_eq!(first["leads"], json!(0));
        // What a link sold is the sales context's report, never an estimate here.
        assert!(first.get("sales").is_none() && first.get("revenue").is_none());
    }
}

#[tokio::test]
async fn a_salesperson_reads_shared_links_and_writes_only_their_personal_links() {
    for api in apis().await {
        let shared = create(&api, MANAGER, link("Compartilhado")).await;
        let shared_id = shared["id"].as_str().unwrap();
        let archived = create(&api, MANAGER, link("Antigo")).await;
        call(
            &api,
            "POST",
            &format!("/links/{}/archive", archived["id"].as_str().unwrap()),
            MANAGER,
            None,
        )
        .await;

        // A salesperson's link is personal, whatever owner_id says.
        let mut mine = link("Meu link");
        mine["owner_id"] = json!("uid-SALES_MANAGER");
        let mine = create(&api, SELLER, mine).await;
        assert_eq!(mine["owner_id"], "uid-SALESPERSON");
        assert_eq!(mine["can_edit"], true);
        let mine_id = mine["id"].as_str().unwrap();
        let theirs = create(&api, OTHER_SELLER, link("Do colega")).await;
        let theirs_id = theirs["id"].as_str().unwrap();

        // Reads: the shared active links and their own; not the archived one, not a colleague's.
        let (status, page) = call(&api, "GET", "/links?state=all", SELLER, None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let labels: Vec<&str> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["label"].as_str().unwrap())
            .collect();
        assert_eq!(labels, ["Meu link", "Compartilhado"], "{}", api.engine());
        assert_eq!(page["items"][1]["can_edit"], false);
        let (status, _) = call(&api, "GET", &format!("/links/{theirs_id}"), SELLER, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = call(
            &api,
            "GET",
            &format!("/links/{}", archived["id"].as_str().unwrap()),
            SELLER,
            None,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // Writes: their own link only; the shared one and a colleague's are 404.
        let (status, body) = call(
            &api,
            "PATCH",
            &format!("/links/{mine_id}"),
            SELLER,
            Some(json!({"label": "Meu link 2", "owner_id": null})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            (body["label"].clone(), body["owner_id"].clone()),
            (json!("Meu link 2"), json!("uid-SALESPERSON"))
        );
        for id in [shared_id, theirs_id] {
            let (status, _) = call(
                &api,
                "PATCH",
                &format!("/links/{id}"),
                SELLER,
                Some(json!({"label": "x"})),
            )
            .await;
            assert_eq!(status, StatusCode::NOT_FOUND);
            let (status, _) =
                call(&api, "POST", &format!("/links/{id}/archive"), SELLER, None).await;
            assert_eq!(status, StatusCode::NOT_FOUND);
        }
        // Duplicating the shared link gives them a personal copy.
        let (status, copy) = call(
            &api,
            "POST",
            &format!("/links/{shared_id}/duplicate"),
            SELLER,
            None,
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{copy}");
        assert_eq!(
            (copy["owner_id"].clone(), copy["label"].clone()),
            (json!("uid-SALESPERSON"), json!("Compartilhado (cópia)"))
        );
        assert_ne!(copy["code"], shared["code"]);

        // Campaigns and the allow-list are not theirs to write.
        let (status, _) = call(
            &api,
            "POST",
            "/campaigns",
            SELLER,
            Some(json!({"name": "x"})),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = call(
            &api,
            "PUT",
            "/links/allowed-hosts",
            MANAGER,
            Some(json!({"hosts": ["wa.me"]})),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);

        // The financial manager reads everything and writes nothing.
        let (status, page) = call(&api, "GET", "/links?state=all", "FINANCIAL_MANAGER", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(page["total"], 5);
        let (status, _) = call(&api, "POST", "/links", "FINANCIAL_MANAGER", Some(link("x"))).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // Other roles do not see links at all.
        let (status, _) = call(&api, "GET", "/links", "STOCK_KEEPER", None).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn the_allow_list_is_an_administrators_setting_and_applies_to_saved_links() {
    for api in apis().await {
        let (status, body) = call(&api, "GET", "/links/vocabulary", SELLER, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            body["allowed_hosts"],
            json!([
                "instagram.com",
                "wa.me",
                "www.exemplo.com.br",
                "www.instagram.com"
            ])
        );
        assert!(body["utm_sources"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["value"] == "whatsapp"));
        assert!(body["utm_mediums"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["value"]
                .as_str()
                .unwrap()
                .chars()
                .all(|c| c.is_ascii_lowercase())));

        let (status, body) = call(
            &api,
            "PUT",
            "/links/allowed-hosts",
            "ADMIN",
            Some(json!({"hosts": ["https://x/", "Loja.Exemplo.com.br"]})),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(fields(&body), ["hosts[0]"]);

        let before = create(&api, MANAGER, link("Antes")).await;
        let (status, body) = call(
            &api,
            "PUT",
            "/links/allowed-hosts",
            "ADMIN",
            Some(json!({"hosts": ["Loja.Exemplo.com.br", "www.instagram.com"]})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body["hosts"],
            json!(["loja.exemplo.com.br", "www.instagram.com"])
        );

        let mut shop = link("Loja");
        shop["destination_url"] = json!("https://loja.exemplo.com.br/ofertas");
        create(&api, MANAGER, shop).await;
        let (status, body) = call(&api, "POST", "/links", MANAGER, Some(link("wa.me saiu"))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(fields(&body), ["destination_url"]);
        // A link saved before its host left the list no longer redirects.
        let redirect = api.context.redirect();
        assert_eq!(
            visit(&redirect, before["code"].as_str().unwrap(), PHONE)
                .await
                .0,
            StatusCode::GONE
        );
    }
}

#[tokio::test]
async fn utm_vocabularies_and_fields_are_validated() {
    for api in apis().await {
        let (status, body) = call(&api, "POST", "/links", MANAGER, Some(json!({
            "label": "", "destination_url": "http://wa.me/5511", "utm_source": "Orkut", "utm_medium": "CPC",
            "expires_on": "31/12/2026", "campaign_id": "nao-existe"
        }))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            fields(&body),
            ["label", "destination_url", "utm_source", "expires_on"]
        );
        let mut body = link("Campanha inexistente");
        body["campaign_id"] = json!("nao-existe");
        let (status, body) = call(&api, "POST", "/links", MANAGER, Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(fields(&body), ["campaign_id"]);
    }
}

#[tokio::test]
async fn campaigns_are_created_changed_listed_and_deleted_when_unused() {
    for api in apis().await {
        let today = api.clock.today();
        let bf = json!({
            "name": "Black Friday", "kind": "black_friday",
            "starts_on": (today - Duration::days(3)).to_string(), "ends_on": (today + Duration::days(3)).to_string(),
            "goal_value": 5_000_000, "goal_count": 40,
            "promo_prices": [{"catalog_item_id": "SKU-1", "price": 19_990}]
        });
        let (status, created) = call(&api, "POST", "/campaigns", MANAGER, Some(bf.clone())).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        assert_eq!(
            (
                created["running"].clone(),
                created["promo_prices"][0]["price"].clone()
            ),
            (json!(true), json!(19_990))
        );
        let id = created["id"].as_str().unwrap();

        let mut bad = bf.clone();
        bad["kind"] = json!("natal");
        bad["ends_on"] = json!("2000-01-01");
        let (status, body) =
            call(&api, "PUT", &format!("/campaigns/{id}"), MANAGER, Some(bad)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&body), ["kind", "ends_on"]);

        let mut changed = bf.clone();
        changed["name"] = json!("Black Friday 2026");
        let (status, body) = call(
            &api,
            "PUT",
            &format!("/campaigns/{id}"),
            "ADMIN",
            Some(changed),
        )
        .await;
        assert_eq!(
            (status, body["name"].clone()),
            (StatusCode::OK, json!("Black Friday 2026"))
        );
        let (_, all) = call(&api, "GET", "/campaigns", SELLER, None).await;
        assert_eq!(all.as_array().unwrap().len(), 1);

        let mut with_campaign = link("Da campanha");
        with_campaign["campaign_id"] = json!(id);
        let l = create(&api, MANAGER, with_campaign).await;
        let (_, filtered) = call(
            &api,
            "GET",
            &format!("/links?campaign_id={id}"),
            MANAGER,
            None,
        )
        .await;
        assert_eq!(filtered["total"], 1);
        let (status, _) = call(&api, "DELETE", &format!("/campaigns/{id}"), MANAGER, None).await;
        assert_eq!(status, StatusCode::CONFLICT);
        call(
            &api,
            "PATCH",
            &format!("/links/{}", l["id"].as_str().unwrap()),
            MANAGER,
            Some(json!({"campaign_id": null})),
        )
        .await;
        let (status, _) = call(&api, "DELETE", &format!("/campaigns/{id}"), MANAGER, None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, _) = call(&api, "GET", &format!("/campaigns/{id}"), MANAGER, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn the_list_pages_and_filters_on_the_server() {
    for api in apis().await {
        for i in 0..25 {
            let mut body = link(&format!("Link {i:02}"));
            if i % 5 == 0 {
                body["utm_source"] = json!("whatsapp");
            }
            create(&api, MANAGER, body).await;
        }
        let (_, page) = call(&api, "GET", "/links?page=2&page_size=10", MANAGER, None).await;
        assert_eq!(
            (
                page["total"].clone(),
                page["items"].as_array().unwrap().len()
            ),
            (json!(25), 10)
        );
        assert_eq!(page["items"][0]["label"], "Link 14");
        let (_, page) = call(&api, "GET", "/links?utm_source=whatsapp", MANAGER, None).await;
        assert_eq!(page["total"], 5);
        let (_, page) = call(&api, "GET", "/links?q=link%2007", MANAGER, None).await;
        assert_eq!(page["total"], 1);
        let code = page["items"][0]["code"].as_str().unwrap().to_string();
        let (_, page) = call(&api, "GET", &format!("/links?q={code}"), MANAGER, None).await;
        assert_eq!(page["items"][0]["code"], json!(code));
    }
}

#[tokio::test]
async fn the_qr_code_comes_as_png_or_svg() {
    for api in apis().await {
        let created = create(&api, MANAGER, link("QR")).await;
        let id = created["id"].as_str().unwrap();
        for (format, content_type, starts) in [
            ("png", "image/png", &b"\x89PNG"[..]),
            ("svg", "image/svg+xml", &b"<?xml"[..]),
        ] {
            let resp = api
                .client
                .get(format!("/api/v1/crm/links/{id}/qr?format={format}"))
                .header("Authorization", format!("Bearer {SELLER}"))
                .send()
                .await;
            resp.assert_status_is_ok();
            resp.assert_header("content-type", content_type);
            let bytes = resp.0.into_body().into_vec().await.unwrap();
            assert!(bytes.starts_with(starts), "{format}");
        }
    }
}

#[tokio::test]
async fn link_history_records_creation_change_and_archive() {
    for api in apis().await {
        let created = create(&api, MANAGER, link("Hist")).await;
        let id = created["id"].as_str().unwrap();
        call(
            &api,
            "PATCH",
            &format!("/links/{id}"),
            MANAGER,
            Some(json!({"utm_medium": "cpc"})),
        )
        .await;
        call(&api, "POST", &format!("/links/{id}/archive"), MANAGER, None).await;
        let (status, history) =
            call(&api, "GET", &format!("/links/{id}/history"), MANAGER, None).await;
        assert_eq!(status, StatusCode::OK, "{history}");
        let actions: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(actions, ["Link criado", "Link alterado", "Link arquivado"]);
    }
}

#[tokio::test]
async fn demo_links_are_seeded_once_with_clicks_and_a_running_black_friday() {
    use platform::context::{Context, Demo, DemoUser};
    use platform::Role;
    for api in apis().await {
        let mut demo = Demo::default();
        for (uid, role) in [
            ("uid-SALES_MANAGER", Role::SalesManager),
            ("uid-SALESPERSON", Role::Salesperson),
        ] {
            demo.users.push(DemoUser {
                uid: uid.into(),
                email: format!("{uid}@example.com.br"),
                role,
            });
        }
        let lines = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(
            lines.contains(
                &"8 links de marketing de demonstração criados (2 campanhas).".to_string()
            ),
            "{lines:?}"
        );
        let again = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(
            again.contains(&"Links de marketing de demonstração: já existiam.".to_string()),
            "{again:?}"
        );

        let (_, page) = call(&api, "GET", "/links?state=all&page_size=50", MANAGER, None).await;
        let items = page["items"].as_array().unwrap();
        assert_eq!(items.len(), 8, "{}", api.engine());
        assert!(items
            .iter()
            .all(|l| l["clicks"].as_i64().unwrap() > 0 && l["previews"].as_i64().unwrap() > 0));
        assert_eq!(items.iter().filter(|l| l["archived"] == true).count(), 1);
        // The salesperson sees their personal link among the shared ones.
        let (_, mine) = call(&api, "GET", "/links?mine=true", SELLER, None).await;
        assert_eq!(mine["total"], 1);
        let (_, campaigns) = call(&api, "GET", "/campaigns", MANAGER, None).await;
        let kinds: Vec<(&str, bool)> = campaigns
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["kind"].as_str().unwrap(), c["running"].as_bool().unwrap()))
            .collect();
        assert_eq!(kinds, [("sazonal", false), ("black_friday", true)]);
    }
}
