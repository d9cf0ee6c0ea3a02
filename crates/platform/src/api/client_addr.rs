//! The client's address behind proxies: the connection's, or — only when the connection comes from a trusted
//! proxy (`BACKOFFICE_TRUSTED_PROXIES`) — the last address in `X-Forwarded-For` that is not itself a trusted
//! proxy. Anyone can write `X-Forwarded-For`; only a proxy we run can be believed about it.

use std::net::IpAddr;

/// The client's address from the connection's `peer` and its `X-Forwarded-For`.
pub fn client_addr(
    peer: Option<IpAddr>,
    forwarded_for: Option<&str>,
    trusted_proxies: &[IpAddr],
) -> Option<IpAddr> {
    let peer = peer?;
    if !trusted_proxies.contains(&peer) {
        return Some(peer);
    }
    let forwarded = forwarded_for
        .unwrap_or_default()
        .rsplit(',')
        .filter_map(|hop| hop.trim().parse::<IpAddr>().ok())
        .find(|hop| !trusted_proxies.contains(hop));
    Some(forwarded.unwrap_or(peer))
}

/// [`client_addr`] of a request.
pub fn request_client_addr(req: &poem::Request, trusted_proxies: &[IpAddr]) -> Option<IpAddr> {
    let peer = req.remote_addr().as_socket_addr().map(|a| a.ip());
    let forwarded = req
        .headers()
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok());
    client_addr(peer, forwarded, trusted_proxies)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_for_is_believed_only_from_a_trusted_proxy() {
        let proxy = ip("10.0.0.1");
        let forwarded = Some("203.0.113.9, 10.0.0.1");
        assert_eq!(
            client_addr(Some(ip("198.51.100.7")), forwarded, &[proxy]),
            Some(ip("198.51.100.7"))
        );
        assert_eq!(
            client_addr(Some(proxy), forwarded, &[proxy]),
            Some(ip("203.0.113.9"))
        );
        assert_eq!(client_addr(Some(proxy), None, &[proxy]), Some(proxy));
        assert_eq!(client_addr(None, forwarded, &[proxy]), None);
    }
}
