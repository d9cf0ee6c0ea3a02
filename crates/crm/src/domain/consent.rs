//! LGPD consents per channel: each grant or revocation is kept with its time and source; the latest per channel
//! holds. Cadences refuse a step on a channel without consent.

use chrono::{DateTime, Utc};
use platform::error::{Error, Result};
use platform::text::collapse_spaces;

pub const MAX_SOURCE: usize = 80;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Channel {
    Whatsapp,
    Email,
    Sms,
    Phone,
}

impl Channel {
    pub const ALL: [Channel; 4] = [
        Channel::Whatsapp,
        Channel::Email,
        Channel::Sms,
        Channel::Phone,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Whatsapp => "whatsapp",
            Channel::Email => "email",
            Channel::Sms => "sms",
            Channel::Phone => "phone",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Channel::Whatsapp => "WhatsApp",
            Channel::Email => "e-mail",
            Channel::Sms => "SMS",
            Channel::Phone => "telefone",
        }
    }

    pub fn parse(s: &str) -> Option<Channel> {
        Channel::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

/// One grant or revocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consent {
    pub channel: Channel,
    pub granted: bool,
    pub source: String,
    pub recorded_at: DateTime<Utc>,
    pub recorded_by: String,
}

/// The source as typed: required, one line, at most [`MAX_SOURCE`] characters.
pub fn parse_source(source: &str) -> Result<String> {
    let source = collapse_spaces(source);
    if source.is_empty() || source.chars().count() > MAX_SOURCE {
        return Err(Error::invalid_field(
            "source",
            format!("Informe a origem do consentimento (até {MAX_SOURCE} caracteres): formulário, WhatsApp, contrato…"),
        ));
    }
    Ok(source)
}

/// The consent in force per channel: the latest record of each (records oldest first).
pub fn current(records: &[Consent]) -> Vec<Consent> {
    let mut latest: Vec<Consent> = Vec::new();
    for r in records {
        match latest.iter_mut().find(|c| c.channel == r.channel) {
            Some(c) if c.recorded_at <= r.recorded_at => *c = r.clone(),
            Some(_) => {}
            None => latest.push(r.clone()),
        }
    }
    latest.sort_by_key(|c| c.channel);
    latest
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_latest_record_per_channel_holds() {
        let at = |h| Utc.with_ymd_and_hms(2026, 11, 1, h, 0, 0).unwrap();
        let r = |channel, granted, h| Consent {
            channel,
            granted,
            source: "formulário".into(),
            recorded_at: at(h),
            recorded_by: "u".into(),
        };
        let now = current(&[
            r(Channel::Whatsapp, true, 8),
            r(Channel::Email, true, 9),
            r(Channel::Whatsapp, false, 10),
        ]);
        assert_eq!(
            now.iter()
                .map(|c| (c.channel, c.granted))
                .collect::<Vec<_>>(),
            [(Channel::Whatsapp, false), (Channel::Email, true)]
        );
        assert_eq!(parse_source("  ").unwrap_err().fields[0].field, "source");
    }
}
