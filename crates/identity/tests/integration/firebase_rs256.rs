//! Production Firebase ID tokens: RS256 signed by a key published as a JWK set, fetched over HTTP
//! from a local server that speaks the protocol (a GET returning the JSON key set).

use identity::firebase::{fetch_keys, FirebaseVerifier};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use std::io::{Read, Write};

/// A 2048-bit RSA key made for this test only (`openssl genrsa 2048`).
const PRIVATE_KEY: &str = include_str!("../firebase_test_key.pem");
const MODULUS: &str = "w1Bkh_qSnh6N392OGidS-hSo44YhYH7W4_BQLWgw_dwy53C3PPKwUj_mOu8JuyjmnNO3DSi3OcCqKd-T9WVYlaefg3mPzHL4cw7wduoN70EtorEKYMtbuvazuAIbD1NvbNejyya-Sx9wEbQBgWaJsvusWHsdsEcGLa-1OubmAuzCuXuP9qjCd-__bvSwcQVmwEFoDmAyR8ix_o4jeA9heumpUk65keREio_MAvLKFt3yYslgsZfJ_qI9CFk6AqI6ScMlfl5Dr8XcrtTzPBvkw552eDyrJm8WXb__CZtGOGtaGyCfOly28AleS3DArikG6R39YanI8qJUcBeaINv8_Q";
const PROJECT: &str = "backoffice-prod";

fn serve_once(body: String) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut buf = [0u8; 2048];
        let _ = stream.read(&mut buf);
        let reply = format!("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
        stream.write_all(reply.as_bytes()).unwrap();
    });
    format!("http://{addr}/jwk")
}

fn jwks() -> String {
    serde_json::json!({"keys": [{"kty": "RSA", "alg": "RS256", "use": "sig", "kid": "k1", "n": MODULUS, "e": "AQAB"}]}).to_string()
}

fn token(kid: &str, aud: &str, email: &str) -> String {
    let now = chrono::Utc::now().timestamp();
    let claims = serde_json::json!({"sub": "fb-uid", "email": email, "aud": aud,
        "iss": format!("https://securetoken.google.com/{aud}"), "iat": now, "exp": now + 3600});
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.into());
    jsonwebtoken::encode(
        &header,
        &claims,
        &EncodingKey::from_rsa_pem(PRIVATE_KEY.as_bytes()).unwrap(),
    )
    .unwrap()
}

fn verifier() -> FirebaseVerifier {
    let keys = fetch_keys(&serve_once(jwks())).expect("keys fetched");
    FirebaseVerifier::production(PROJECT, keys)
}

#[test]
fn signed_tokens_of_the_project_are_accepted() {
    let identity = verifier()
        .verify(&token("k1", PROJECT, "ana@empresa.com.br"))
        .expect("valid token");
    assert_eq!(identity.email, "ana@empresa.com.br");
    assert_eq!(identity.uid, "fb-uid");
}

#[test]
fn other_audiences_unknown_keys_and_other_algorithms_are_refused() {
    let v = verifier();
    assert!(
        v.verify(&token("k1", "outro-projeto", "a@b.com")).is_none(),
        "audience"
    );
    assert!(
        v.verify(&token("k2", PROJECT, "a@b.com")).is_none(),
        "unknown key id"
    );
    // HS256 "signed" with the public modulus as secret: the classic algorithm-confusion attack.
    let now = chrono::Utc::now().timestamp();
    let claims = serde_json::json!({"sub": "x", "email": "a@b.com", "aud": PROJECT,
        "iss": format!("https://securetoken.google.com/{PROJECT}"), "iat": now, "exp": now + 3600});
    let mut header = Header::new(Algorithm::HS256);
    header.kid = Some("k1".into());
    let forged = jsonwebtoken::encode(
        &header,
        &claims,
        &EncodingKey::from_secret(MODULUS.as_bytes()),
    )
    .unwrap();
    assert!(v.verify(&forged).is_none(), "algorithm pinned to RS256");
}

#[test]
fn an_unreachable_or_malformed_key_set_is_a_clear_error() {
    let err = fetch_keys("http://127.0.0.1:9/jwk").unwrap_err();
    assert!(err.contains("chaves do Firebase indisponíveis"), "{err}");
    let err = fetch_keys(&serve_once("não é json".into())).unwrap_err();
    assert!(err.contains("conjunto de chaves inválido"), "{err}");
}
