//! Marketing links: a short code (`/l/{code}`) that sends a visitor to an allowed destination with UTM
//! parameters, counting clicks and link previews on the way.
//!
//! The rules that keep `/l/{code}` from ever being an open redirect live here, in one place: a destination
//! is `https`, without credentials or a port of its own, on a host of the allow-list
//! ([`AllowList::check`]), both when a link is saved and again on every redirect ([`redirect_target`]).

use chrono::NaiveDate;
use platform::error::{Error, Result, Violations};
use platform::text::fold;
use rand::Rng;
use sha2::{Digest, Sha256};
use url::Url;

/// The length of a link's code.
pub const CODE_LEN: usize = 7;
const BASE62: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The longest label, destination and free UTM value accepted.
pub const LABEL_MAX: usize = 120;
pub const URL_MAX: usize = 2000;
pub const UTM_MAX: usize = 100;

/// One value of a fixed vocabulary, with its label for the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term {
    pub value: &'static str,
    pub label: &'static str,
}

const fn term(value: &'static str, label: &'static str) -> Term {
    Term { value, label }
}

/// `utm_source`: where the visitor comes from. Fixed and lowercase, so reports group by source instead of
/// by each person's spelling of it.
pub const UTM_SOURCES: &[Term] = &[
    term("whatsapp", "WhatsApp"),
    term("instagram", "Instagram"),
    term("facebook", "Facebook"),
    term("google", "Google"),
    term("tiktok", "TikTok"),
    term("youtube", "YouTube"),
    term("email", "E-mail"),
    term("site", "Site"),
    term("indicacao", "Indicação"),
    term("evento", "Evento"),
    term("impresso", "Material impresso"),
];

/// `utm_medium`: the kind of channel.
pub const UTM_MEDIUMS: &[Term] = &[
    term("social", "Rede social (orgânico)"),
    term("cpc", "Anúncio pago (CPC)"),
    term("mensagem", "Mensagem"),
    term("email", "E-mail"),
    term("organico", "Busca orgânica"),
    term("display", "Banner / display"),
    term("qrcode", "QR code"),
    term("indicacao", "Indicação"),
    term("offline", "Offline"),
];

/// The hosts a link may send visitors to when nothing else was configured (an administrator edits the
/// list through the API).
pub const DEFAULT_ALLOWED_HOSTS: &[&str] = &[
    "www.exemplo.com.br",
    "wa.me",
    "instagram.com",
    "www.instagram.com",
];

/// A fresh code: 7 base62 characters from the operating system's CSPRNG (62⁷ ≈ 3.5 × 10¹²).
pub fn new_code() -> String {
    let mut rng = rand::rngs::OsRng;
    (0..CODE_LEN)
        .map(|_| BASE62[rng.gen_range(0..BASE62.len())] as char)
        .collect()
}

/// Whether `text` can be a code (anything else is a 404 without a database look-up).
pub fn is_code(text: &str) -> bool {
    text.len() == CODE_LEN && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Lowercase, accent-free, `-` between words: what free UTM values (`utm_campaign`…) are stored as.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in fold(text).chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    out.chars().take(UTM_MAX).collect::<String>()
}

/// The hosts links may point at: lowercase, exact (`instagram.com` does not allow `evil.instagram.com.br`
/// nor `m.instagram.com`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowList {
    hosts: Vec<String>,
}

impl AllowList {
    pub fn new<S: AsRef<str>>(hosts: impl IntoIterator<Item = S>) -> AllowList {
        let mut hosts: Vec<String> = hosts
            .into_iter()
            .map(|h| h.as_ref().trim().to_ascii_lowercase())
            .filter(|h| !h.is_empty())
            .collect();
        hosts.sort();
        hosts.dedup();
        AllowList { hosts }
    }

    pub fn hosts(&self) -> &[String] {
        &self.hosts
    }

    pub fn allows_host(&self, host: &str) -> bool {
        self.hosts.iter().any(|h| h == host)
    }

    /// Whether `url` is a destination links may send visitors to; `Err` says why not, in Portuguese.
    pub fn check(&self, url: &Url) -> std::result::Result<(), String> {
        if url.scheme() != "https" {
            return Err("O destino precisa começar com https://.".into());
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err("O destino não pode ter usuário ou senha.".into());
        }
        if url.port().is_some() {
            return Err("O destino não pode indicar uma porta.".into());
        }
        match url.host_str() {
            Some(host) if self.allows_host(host) => Ok(()),
            Some(host) => Err(format!(
                "O domínio {host} não está na lista de destinos permitidos ({}).",
                self.hosts.join(", ")
            )),
            None => Err("O destino precisa ter um domínio.".into()),
        }
    }
}

/// A host an administrator adds to the allow-list: a bare domain name (`wa.me`, `www.exemplo.com.br`).
pub fn parse_host(text: &str) -> std::result::Result<String, String> {
    let host = text.trim().trim_end_matches('.').to_ascii_lowercase();
    let valid_label = |l: &str| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    if host.len() > 253 || !host.contains('.') || !host.split('.').all(valid_label) {
        return Err(format!(
            "{text:?} não é um domínio (use só o nome, como www.exemplo.com.br)."
        ));
    }
    Ok(host)
}

/// A link's UTM parameters, already valid.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Utms {
    pub source: String,
    pub medium: String,
    pub campaign: Option<String>,
    pub term: Option<String>,
    pub content: Option<String>,
}

impl Utms {
    /// The parameters in the order they are appended, absent ones left out.
    pub fn pairs(&self) -> Vec<(&'static str, &str)> {
        let mut pairs = vec![
            ("utm_source", self.source.as_str()),
            ("utm_medium", self.medium.as_str()),
        ];
        for (name, value) in [
            ("utm_campaign", &self.campaign),
            ("utm_term", &self.term),
            ("utm_content", &self.content),
        ] {
            if let Some(v) = value.as_deref().filter(|v| !v.is_empty()) {
                pairs.push((name, v));
            }
        }
        pairs
    }
}

/// `destination` with the UTM parameters appended: the destination's own query parameters are kept,
/// except UTM parameters it already had, which the link's replace.
pub fn with_utms(destination: &Url, utms: &Utms) -> Url {
    let mut url = destination.clone();
    let kept: Vec<(String, String)> = destination
        .query_pairs()
        .filter(|(k, _)| !k.starts_with("utm_"))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    url.set_query(None);
    {
        let mut query = url.query_pairs_mut();
        for (k, v) in &kept {
            query.append_pair(k, v);
        }
        for (k, v) in utms.pairs() {
            query.append_pair(k, v);
        }
    }
    url
}

/// Where `/l/{code}` sends a visitor, from the stored fields, checked against the allow-list again: `None`
/// when the stored destination is not (or no longer) allowed, so whatever is stored, the answer is never a
/// redirect to a host off the list.
pub fn redirect_target(destination: &str, utms: &Utms, allow: &AllowList) -> Option<Url> {
    let url = Url::parse(destination).ok()?;
    allow.check(&url).ok()?;
    let target = with_utms(&url, utms);
    // Appending parameters cannot change the host; checked anyway, it costs nothing.
    allow.check(&target).ok()?;
    Some(target)
}

/// A link's editable fields, valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkFields {
    pub label: String,
    pub destination_url: String,
    pub utms: Utms,
    pub campaign_id: Option<String>,
    /// The salesperson a personal link belongs to.
    pub owner_id: Option<String>,
    /// The last day the link redirects (São Paulo's date).
    pub expires_on: Option<NaiveDate>,
}

impl LinkFields {
    /// The destination with the UTM parameters: what the screen previews and `/l/{code}` answers.
    pub fn final_url(&self) -> String {
        Url::parse(&self.destination_url)
            .map(|u| with_utms(&u, &self.utms).to_string())
            .unwrap_or_else(|_| self.destination_url.clone())
    }
}

/// A link as the user typed it: checked whole by [`LinkDraft::validate`].
#[derive(Debug, Clone, Default)]
pub struct LinkDraft {
    pub label: String,
    pub destination_url: String,
    pub utm_source: String,
    pub utm_medium: String,
    pub utm_campaign: Option<String>,
    pub utm_term: Option<String>,
    pub utm_content: Option<String>,
    pub campaign_id: Option<String>,
    pub owner_id: Option<String>,
    pub expires_on: Option<String>,
}

/// A change to a link: absent fields stay as they are; `Some(None)` clears an optional one.
#[derive(Debug, Clone, Default)]
pub struct LinkPatch {
    pub label: Option<String>,
    pub destination_url: Option<String>,
    pub utm_source: Option<String>,
    pub utm_medium: Option<String>,
    pub utm_campaign: Option<Option<String>>,
    pub utm_term: Option<Option<String>>,
    pub utm_content: Option<Option<String>>,
    pub campaign_id: Option<Option<String>>,
    pub owner_id: Option<Option<String>>,
    pub expires_on: Option<Option<String>>,
}

fn blank_to_none(value: Option<String>) -> Option<String> {
    value
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

impl LinkDraft {
    /// The stored fields with `patch` applied, to be validated whole again.
    pub fn patched(current: &LinkFields, patch: LinkPatch) -> LinkDraft {
        LinkDraft {
            label: patch.label.unwrap_or_else(|| current.label.clone()),
            destination_url: patch
                .destination_url
                .unwrap_or_else(|| current.destination_url.clone()),
            utm_source: patch
                .utm_source
                .unwrap_or_else(|| current.utms.source.clone()),
            utm_medium: patch
                .utm_medium
                .unwrap_or_else(|| current.utms.medium.clone()),
            utm_campaign: patch
                .utm_campaign
                .unwrap_or_else(|| current.utms.campaign.clone()),
            utm_term: patch.utm_term.unwrap_or_else(|| current.utms.term.clone()),
            utm_content: patch
                .utm_content
                .unwrap_or_else(|| current.utms.content.clone()),
            campaign_id: patch
                .campaign_id
                .unwrap_or_else(|| current.campaign_id.clone()),
            owner_id: patch.owner_id.unwrap_or_else(|| current.owner_id.clone()),
            expires_on: patch
                .expires_on
                .unwrap_or_else(|| current.expires_on.map(|d| d.to_string())),
        }
    }

    /// Every field checked; all the problems come back together, each naming its field.
    pub fn validate(self, allow: &AllowList) -> Result<LinkFields> {
        let mut problems = Violations::new();
        let label = self.label.trim().to_string();
        if label.is_empty() {
            problems.add("label", "Informe um nome para o link.");
        } else if label.chars().count() > LABEL_MAX {
            problems.add(
                "label",
                format!("O nome tem no máximo {LABEL_MAX} caracteres."),
            );
        }
        let raw = self.destination_url.trim().to_string();
        let destination = if raw.is_empty() {
            problems.add("destination_url", "Informe o destino do link.");
            None
        } else if raw.len() > URL_MAX {
            problems.add(
                "destination_url",
                format!("O destino tem no máximo {URL_MAX} caracteres."),
            );
            None
        } else {
            match Url::parse(&raw) {
                Err(_) => {
                    problems.add(
                        "destination_url",
                        "Destino inválido: use um endereço completo, como https://wa.me/5511999999999.",
                    );
                    None
                }
                Ok(url) => match allow.check(&url) {
                    Ok(()) => Some(url),
                    Err(message) => {
                        problems.add("destination_url", message);
                        None
                    }
                },
            }
        };
        let source = self.utm_source.trim().to_ascii_lowercase();
        if !UTM_SOURCES.iter().any(|t| t.value == source) {
            problems.add(
                "utm_source",
                format!(
                    "Origem inválida: use uma de {}.",
                    UTM_SOURCES
                        .iter()
                        .map(|t| t.value)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let medium = self.utm_medium.trim().to_ascii_lowercase();
        if !UTM_MEDIUMS.iter().any(|t| t.value == medium) {
            problems.add(
                "utm_medium",
                format!(
                    "Mídia inválida: use uma de {}.",
                    UTM_MEDIUMS
                        .iter()
                        .map(|t| t.value)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let free = |value: Option<String>| {
            blank_to_none(value)
                .map(|v| slug(&v))
                .filter(|v| !v.is_empty())
        };
        let expires_on = match blank_to_none(self.expires_on) {
            None => None,
            Some(text) => match NaiveDate::parse_from_str(&text, "%Y-%m-%d") {
                Ok(d) => Some(d),
                Err(_) => {
                    problems.add("expires_on", "Data inválida: use AAAA-MM-DD.");
                    None
                }
            },
        };
        let campaign_id = blank_to_none(self.campaign_id);
        if campaign_id.as_deref().is_some_and(|c| c.len() > 100) {
            problems.add("campaign_id", "Campanha inválida.");
        }
        let owner_id = blank_to_none(self.owner_id);
        if owner_id.as_deref().is_some_and(|o| o.len() > 200) {
            problems.add("owner_id", "Responsável inválido.");
        }
        problems.finish()?;
        let destination = destination
            .ok_or_else(|| Error::invalid_field("destination_url", "Informe o destino do link."))?;
        Ok(LinkFields {
            label,
            destination_url: destination.to_string(),
            utms: Utms {
                source,
                medium,
                campaign: free(self.utm_campaign),
                term: free(self.utm_term),
                content: free(self.utm_content),
            },
            campaign_id,
            owner_id,
            expires_on,
        })
    }
}

/// A stored link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub id: String,
    pub code: String,
    pub fields: LinkFields,
    pub archived: bool,
    pub version: i32,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
    pub created_by: String,
    pub updated_by: String,
}

impl Link {
    /// Whether the link redirects on `today`: not archived and not past its last day.
    pub fn is_live(&self, today: NaiveDate) -> bool {
        !self.archived && self.fields.expires_on.is_none_or(|d| d >= today)
    }
}

/// What a request to `/l/{code}` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visit {
    /// A person (or a browser) following the link.
    Click,
    /// A chat or social app fetching the page to draw a preview card.
    Preview,
}

impl Visit {
    pub fn as_str(self) -> &'static str {
        match self {
            Visit::Click => "click",
            Visit::Preview => "preview",
        }
    }
}

/// The user agents of link previews (lowercase substrings): WhatsApp, Facebook/Instagram, Slack, Telegram,
/// X/Twitter, LinkedIn, Discord, Skype, Teams, iMessage, Pinterest, Google's and Bing's previewers.
const PREVIEW_AGENTS: &[&str] = &[
    "whatsapp",
    "facebookexternalhit",
    "facebookcatalog",
    "meta-externalagent",
    "slackbot",
    "slack-imgproxy",
    "telegrambot",
    "twitterbot",
    "linkedinbot",
    "discordbot",
    "skypeuripreview",
    "microsoftpreview",
    "teams",
    "applebot",
    "pinterest",
    "embedly",
    "googlebot",
    "bingbot",
    "bingpreview",
    "vkshare",
    "redditbot",
];

/// A click or a preview, by the user agent.
pub fn classify(user_agent: &str) -> Visit {
    let ua = user_agent.to_ascii_lowercase();
    if PREVIEW_AGENTS.iter().any(|p| ua.contains(p)) {
        Visit::Preview
    } else {
        Visit::Click
    }
}

/// `mobile`, `tablet`, `desktop` or `outro`, by the user agent.
pub fn device_class(user_agent: &str) -> &'static str {
    let ua = user_agent.to_ascii_lowercase();
    if ua.contains("ipad")
        || ua.contains("tablet")
        || (ua.contains("android") && !ua.contains("mobile"))
    {
        "tablet"
    } else if ua.contains("mobi") || ua.contains("iphone") || ua.contains("android") {
        "mobile"
    } else if ua.contains("windows")
        || ua.contains("macintosh")
        || ua.contains("x11")
        || ua.contains("cros")
    {
        "desktop"
    } else {
        "outro"
    }
}

/// The referrer's domain alone (never its path or query).
pub fn referrer_domain(referer: &str) -> Option<String> {
    let url = Url::parse(referer).ok()?;
    let host = url.host_str()?.to_ascii_lowercase();
    (host.len() <= 253).then_some(host)
}

/// Who visited, without saying who: SHA-256 of the day's secret salt, the address and the user agent
/// (hex). Without the salt, which never leaves the server, the hash cannot be tried against addresses.
pub fn visitor_hash(salt: &str, ip: &str, user_agent: &str) -> String {
    let mut h = Sha256::new();
    h.update(salt.as_bytes());
    h.update([0]);
    h.update(ip.as_bytes());
    h.update([0]);
    h.update(user_agent.as_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh daily salt: 32 random bytes from the operating system, hex.
pub fn new_salt() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn allow() -> AllowList {
        AllowList::new(DEFAULT_ALLOWED_HOSTS)
    }

    fn utms() -> Utms {
        Utms {
            source: "instagram".into(),
            medium: "social".into(),
            campaign: Some("black-friday".into()),
            term: None,
            content: None,
        }
    }

    #[test]
    fn codes_are_seven_base62_characters_and_differ() {
        let a = new_code();
        let b = new_code();
        assert!(is_code(&a) && is_code(&b), "{a} {b}");
        assert_ne!(a, b);
        assert!(!is_code("abc123"));
        assert!(!is_code("abc-123"));
    }

    #[test]
    fn utms_are_appended_keeping_the_destinations_parameters() {
        let url = Url::parse("https://www.exemplo.com.br/promo?x=1&utm_source=old#topo").unwrap();
        let target = with_utms(&url, &utms());
        assert_eq!(
            target.as_str(),
            "https://www.exemplo.com.br/promo?x=1&utm_source=instagram&utm_medium=social&utm_campaign=black-friday#topo"
        );
    }

    #[test]
    fn only_https_on_allowed_hosts_without_credentials_or_port() {
        let a = allow();
        for bad in [
            "https://evil.example/",
            "http://wa.me/55119",
            "https://wa.me.evil.example/",
            "https://wa.me@evil.example/",
            "https://user@wa.me/",
            "https://wa.me:8443/",
            "javascript:alert(1)",
            "https://m.instagram.com/",
        ] {
            let url = Url::parse(bad).unwrap();
            assert!(a.check(&url).is_err(), "{bad}");
        }
        assert!(a
            .check(&Url::parse("https://wa.me/5511999999999").unwrap())
            .is_ok());
        assert!(a
            .check(&Url::parse("https://WWW.Instagram.com/x").unwrap())
            .is_ok());
    }

    #[test]
    fn free_utms_are_slugs() {
        assert_eq!(slug("Black Friday 2026!"), "black-friday-2026");
        assert_eq!(slug("  Promoção de Verão "), "promocao-de-verao");
        assert_eq!(slug("a__b"), "a__b");
    }

    #[test]
    fn whatsapp_and_friends_are_previews() {
        for ua in [
            "WhatsApp/2.23.20.0 A",
            "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
            "TelegramBot (like TwitterBot)",
            "Twitterbot/1.0",
            "LinkedInBot/1.0 (compatible; Mozilla/5.0)",
            "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
        ] {
            assert_eq!(classify(ua), Visit::Preview, "{ua}");
        }
        let phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
        assert_eq!(classify(phone), Visit::Click);
        assert_eq!(device_class(phone), "mobile");
        assert_eq!(
            device_class("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120"),
            "desktop"
        );
    }

    #[test]
    fn referrer_is_the_domain_alone() {
        assert_eq!(
            referrer_domain("https://l.instagram.com/?u=https%3A%2F%2Fx&e=secret"),
            Some("l.instagram.com".into())
        );
        assert_eq!(referrer_domain("not a url"), None);
    }

    #[test]
    fn the_visitor_hash_depends_on_the_salt_and_hides_the_address() {
        let a = visitor_hash("salt-1", "203.0.113.7", "UA");
        assert_eq!(a.len(), 64);
        assert!(!a.contains("203.0.113.7"));
        assert_ne!(a, visitor_hash("salt-2", "203.0.113.7", "UA"));
        assert_eq!(a, visitor_hash("salt-1", "203.0.113.7", "UA"));
    }

    #[test]
    fn a_draft_names_every_bad_field() {
        let err = LinkDraft {
            label: "".into(),
            destination_url: "https://evil.example/".into(),
            utm_source: "Orkut".into(),
            utm_medium: "social".into(),
            expires_on: Some("31/12/2026".into()),
            ..LinkDraft::default()
        }
        .validate(&allow())
        .unwrap_err();
        let fields: Vec<&str> = err.fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(
            fields,
            ["label", "destination_url", "utm_source", "expires_on"]
        );
    }

    proptest! {
        /// Whatever is stored (a destination written before the allow-list changed, a damaged row, free
        /// UTM values with `@`, `#`, `//`…), the redirect is either refused or goes to an allowed host.
        #[test]
        fn the_redirect_target_always_has_an_allowed_host(
            scheme in prop::sample::select(vec!["https", "http", "javascript", "ftp", "//", ""]),
            userinfo in prop::sample::select(vec!["", "user@", "wa.me@", "user:pw@"]),
            host in prop::sample::select(vec![
                "wa.me", "instagram.com", "www.instagram.com", "evil.example", "wa.me.evil.example",
                "WA.ME", "www.exemplo.com.br", "127.0.0.1", "[::1]", "xn--80ak6aa92e.com", "",
            ]),
            port in prop::sample::select(vec!["", ":443", ":8443", ":"]),
            rest in "[ -~]{0,40}",
            source in "[ -~]{0,20}",
            medium in "[ -~]{0,20}",
            campaign in proptest::option::of("[ -~]{0,30}"),
            term in proptest::option::of("\\PC{0,20}"),
            content in proptest::option::of("\\PC{0,20}"),
        ) {
            let destination = format!("{scheme}://{userinfo}{host}{port}/{rest}");
            let utms = Utms { source, medium, campaign, term, content };
            let allow = allow();
            if let Some(target) = redirect_target(&destination, &utms, &allow) {
                prop_assert_eq!(target.scheme(), "https");
                let host = target.host_str().unwrap_or_default().to_string();
                prop_assert!(allow.allows_host(&host), "{} → {}", destination, target);
                prop_assert!(target.username().is_empty() && target.password().is_none());
                prop_assert!(target.port().is_none());
                // The browser reads the Location header back the same way.
                let reparsed = Url::parse(target.as_str()).unwrap();
                prop_assert_eq!(reparsed.host_str(), target.host_str());
            }
        }
    }
}
