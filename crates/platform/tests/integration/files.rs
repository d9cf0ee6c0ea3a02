//! Files on both engines and the local store: kept byte for byte with their SHA-256, refused over the
//! size limit or of a type not accepted.

use std::sync::Arc;

use bytes::Bytes;
use platform::clock::SystemClock;
use platform::error::ErrorKind;
use platform::files::{Files, MAX_FILE_BYTES};

async fn files() -> Vec<Files> {
    let mut all = Vec::new();
    for db in platform::testing::engines(&[platform::migrations()]).await {
        let config = platform::testing::config();
        let store = Files::open_store(&config.files).unwrap();
        all.push(Files::new(db, Arc::new(SystemClock), store));
    }
    all
}

/// A retorno from the shared fixtures: bank files are kept exactly as they came.
fn bank_file() -> Vec<u8> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/banking/brcobranca/spec/arquivos/CNAB400ITAU.RET"
    );
    std::fs::read(path)
        .unwrap_or_else(|e| panic!("the shared sample bank files are needed: {path}: {e}"))
}

#[tokio::test]
async fn a_bank_file_is_kept_byte_for_byte() {
    let original = bank_file();
    for files in files().await {
        let stored = files
            .put(
                "C:\\banco\\CNAB400ITAU.RET",
                Bytes::from(original.clone()),
                "uid-fm",
            )
            .await
            .unwrap();
        assert_eq!(
            (stored.name.as_str(), stored.content_type.as_str()),
            ("CNAB400ITAU.RET", "text/plain")
        );
        assert_eq!(stored.size_bytes as usize, original.len());
        let read = files.get(&stored.id).await.unwrap().unwrap();
        assert_eq!(read, stored);
        assert_eq!(
            files.bytes(&read).await.unwrap().as_ref(),
            original.as_slice()
        );
        use sha2::Digest;
        let digest: String = sha2::Sha256::digest(&original)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(read.sha256, digest);
    }
}

#[tokio::test]
async fn too_large_and_refused_types_are_not_stored() {
    for files in files().await {
        let big = Bytes::from(vec![b'a'; MAX_FILE_BYTES + 1]);
        let err = files.put("grande.csv", big, "u").await.unwrap_err();
        assert_eq!(err.kind, ErrorKind::TooLarge);
        assert!(err.message.contains("10 MB"), "{}", err.message);
        // A program renamed to .pdf is still a program.
        let exe = Bytes::from_static(b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff");
        let err = files.put("boleto.pdf", exe, "u").await.unwrap_err();
        assert_eq!(err.kind, ErrorKind::UnsupportedType);
        assert!(files.get("nao-existe").await.unwrap().is_none());
    }
}
