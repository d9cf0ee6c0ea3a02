//! Demo marketing links and campaigns, with a fortnight of clicks.

use chrono::Duration;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Demo marketing links: two campaigns (a Black Friday running around today, a summer one ahead), eight links
/// (one a salesperson's personal link, one archived) and a fortnight of clicks and previews. Made through the
/// service (history included); clicks go straight to their table. Nothing is added when a campaign exists.
pub async fn seed(
    links: &crate::service::Links,
    manager: &platform::Principal,
    salesperson: Option<&str>,
) -> std::result::Result<usize, platform::Error> {
    use crate::domain::campaign::{CampaignDraft, PromoPrice};
    use crate::domain::link::{visitor_hash, LinkDraft};
    use crate::store::links::{insert_clicks, ClickRow};

    if !links.campaigns().await?.is_empty() {
        return Ok(0);
    }
    let today = links.clock().today();
    let year = chrono::Datelike::year(&today);
    let bf = links
        .create_campaign(
            CampaignDraft {
                name: format!("Black Friday {year}"),
                kind: "black_friday".into(),
                starts_on: (today - Duration::days(7)).to_string(),
                ends_on: (today + Duration::days(7)).to_string(),
                goal_value: Some(25_000_000),
                goal_count: Some(120),
                promo_prices: vec![
                    PromoPrice {
                        catalog_item_id: "PLANO-ANUAL".into(),
                        price: 119_900,
                    },
                    PromoPrice {
                        catalog_item_id: "AVALIACAO".into(),
                        price: 9_900,
                    },
                ],
            },
            manager,
        )
        .await?;
    links
        .create_campaign(
            CampaignDraft {
                name: format!("Verão {}", year + 1),
                kind: "sazonal".into(),
                starts_on: (today + Duration::days(30)).to_string(),
                ends_on: (today + Duration::days(90)).to_string(),
                goal_value: Some(12_000_000),
                goal_count: None,
                promo_prices: Vec::new(),
            },
            manager,
        )
        .await?;
    // (name, destination, source, medium, utm_campaign, in the Black Friday campaign, clicks)
    let specs: [(&str, &str, &str, &str, &str, bool, usize); 8] = [
        (
            "Instagram — bio",
            "https://www.instagram.com/exemplo",
            "instagram",
            "social",
            "perfil",
            false,
            340,
        ),
        (
            "Instagram — Black Friday",
            "https://www.exemplo.com.br/black-friday",
            "instagram",
            "cpc",
            "black-friday",
            true,
            910,
        ),
        (
            "WhatsApp — atendimento",
            "https://wa.me/5511999990000?text=Ol%C3%A1%21",
            "whatsapp",
            "mensagem",
            "atendimento",
            false,
            420,
        ),
        (
            "WhatsApp — Black Friday",
            "https://wa.me/5511999990000?text=Quero%20a%20oferta",
            "whatsapp",
            "mensagem",
            "black-friday",
            true,
            650,
        ),
        (
            "Google — pesquisa",
            "https://www.exemplo.com.br/",
            "google",
            "cpc",
            "institucional",
            false,
            275,
        ),
        (
            "E-mail — newsletter",
            "https://www.exemplo.com.br/novidades",
            "email",
            "email",
            "newsletter-novembro",
            true,
            130,
        ),
        (
            "Folheto — QR code",
            "https://www.exemplo.com.br/unidades",
            "impresso",
            "qrcode",
            "folheto-loja",
            false,
            48,
        ),
        (
            "Meu link (vendedor)",
            "https://wa.me/5511988887777",
            "whatsapp",
            "mensagem",
            "indicacao",
            true,
            36,
        ),
    ];
    let mut rng = StdRng::seed_from_u64(11);
    let now = links.clock().now();
    let mut created = 0;
    for (i, (label, url, source, medium, campaign, in_bf, clicks)) in specs.into_iter().enumerate()
    {
        let draft = LinkDraft {
            label: label.into(),
            destination_url: url.into(),
            utm_source: source.into(),
            utm_medium: medium.into(),
            utm_campaign: Some(campaign.into()),
            campaign_id: in_bf.then(|| bf.id.clone()),
            owner_id: (i == 7).then(|| salesperson.map(str::to_string)).flatten(),
            ..LinkDraft::default()
        };
        let link = links.create(draft, manager).await?.link;
        let mut rows = Vec::new();
        for c in 0..clicks + clicks / 4 {
            let preview = c >= clicks;
            let ago = Duration::seconds(rng.gen_range(0..14 * 24 * 3600));
            let visitor = rng.gen_range(0..(clicks * 2 / 3).max(1));
            rows.push(ClickRow {
                link_id: link.id.clone(),
                at: now - ago,
                kind: if preview { "preview" } else { "click" },
                referrer_domain: (!preview && c % 3 == 0).then(|| "l.instagram.com".to_string()),
                device: if preview {
                    "outro"
                } else if c % 4 == 0 {
                    "desktop"
                } else {
                    "mobile"
                },
                visitor_hash: visitor_hash("demo", &format!("visitante-{i}-{visitor}"), "demo"),
            });
        }
        insert_clicks(links.db(), &rows).await?;
        if i == 6 {
            links.archive(&link.id, manager).await?;
        }
        created += 1;
    }
    Ok(created)
}
