//! The banks this crate knows, by their COMPE code.

use serde::{Deserialize, Serialize};

/// A bank that issues boletos or takes CNAB files, identified by its 3-digit COMPE code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bank {
    BancoDoBrasil,
    Santander,
    Caixa,
    Bradesco,
    Itau,
    Sicredi,
    Sicoob,
}

impl Bank {
    pub const ALL: [Bank; 7] = [
        Bank::BancoDoBrasil,
        Bank::Santander,
        Bank::Caixa,
        Bank::Bradesco,
        Bank::Itau,
        Bank::Sicredi,
        Bank::Sicoob,
    ];

    /// The COMPE code as written in barcodes and CNAB headers ("001", "341"…).
    pub fn code(self) -> &'static str {
        match self {
            Bank::BancoDoBrasil => "001",
            Bank::Santander => "033",
            Bank::Caixa => "104",
            Bank::Bradesco => "237",
            Bank::Itau => "341",
            Bank::Sicredi => "748",
            Bank::Sicoob => "756",
        }
    }

    /// Looks a bank up by its COMPE code ("1", "001" and "341" all work).
    pub fn from_code(code: &str) -> Option<Bank> {
        let n: u16 = code.trim().parse().ok()?;
        Bank::ALL
            .into_iter()
            .find(|b| b.code().parse::<u16>().ok() == Some(n))
    }

    /// The name printed on boletos and in CNAB headers.
    pub fn name(self) -> &'static str {
        match self {
            Bank::BancoDoBrasil => "BANCO DO BRASIL S.A.",
            Bank::Santander => "BANCO SANTANDER",
            Bank::Caixa => "CAIXA ECONOMICA FEDERAL",
            Bank::Bradesco => "BRADESCO",
            Bank::Itau => "BANCO ITAU SA",
            Bank::Sicredi => "SICREDI",
            Bank::Sicoob => "SICOOB",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for bank in Bank::ALL {
            assert_eq!(Bank::from_code(bank.code()), Some(bank));
        }
        assert_eq!(Bank::from_code("1"), Some(Bank::BancoDoBrasil));
        assert_eq!(Bank::from_code("999"), None);
        assert_eq!(Bank::from_code("abc"), None);
    }
}
