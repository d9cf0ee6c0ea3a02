//! Known boleto vectors for every bank and carteira, each with its source.
//!
//! Sources:
//! - [brcobranca] kivanio/brcobranca, spec/brcobranca/boleto/<bank>_spec.rb (Ruby gem, MIT);
//! - [bench] /work/shared/bench/README.md section 1: the sample that node-boleto, gerador-boletos,
//!   pyboleto and python3-boleto all produce for the same input;
//! - [design] /work/shared/design/banking.md.

use banking::bank::Bank;
use banking::boleto::{self, banks, fator_vencimento, generate, nosso_numero, BoletoInput};
use chrono::NaiveDate;

fn date(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

struct V<'a> {
    campo_livre: Option<&'a str>,
    barcode: Option<&'a str>,
    linha: Option<&'a str>,
}

fn check(input: &BoletoInput, v: V) {
    let b = generate(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    if let Some(cl) = v.campo_livre {
        assert_eq!(b.campo_livre, cl, "campo livre of {input:?}");
    }
    if let Some(bc) = v.barcode {
        assert_eq!(b.codigo_barras, bc, "barcode of {input:?}");
    }
    if let Some(l) = v.linha {
        assert_eq!(b.linha_digitavel_formatada, l, "linha of {input:?}");
        assert_eq!(b.linha_digitavel, l.replace(['.', ' '], ""));
    }
}

fn input(bank: Bank, carteira: &str, agencia: &str, conta: &str, nn: &str) -> BoletoInput {
    let mut i = BoletoInput::new(bank);
    i.carteira = carteira.into();
    i.agencia = agencia.into();
    i.conta = conta.into();
    i.nosso_numero = nn.into();
    i
}

fn with(mut i: BoletoInput, venc: &str, valor: i64) -> BoletoInput {
    i.vencimento = Some(date(venc));
    i.valor_centavos = Some(valor);
    i
}

// ----------------------------------------------------------------------------- Banco do Brasil

fn bb(convenio: &str, carteira: &str, nn: &str, venc: &str, valor: i64) -> BoletoInput {
    let mut i = with(
        input(Bank::BancoDoBrasil, carteira, "4042", "61900", nn),
        venc,
        valor,
    );
    i.convenio = Some(convenio.into());
    i
}

#[test]
fn banco_do_brasil_convenio_7_carteira_18() {
    // [brcobranca] banco_brasil_spec.rb "convenio de 7 digitos e nosso numero de 10".
    check(
        &bb("1238798", "18", "7777700168", "2008-02-03", 13500),
        V {
            campo_livre: Some("0000001238798777770016818"),
            barcode: Some("00193377100000135000000001238798777770016818"),
            linha: Some("00190.00009 01238.798779 77700.168188 3 37710000013500"),
        },
    );
    check(
        &bb("1238798", "18", "7777700168", "2008-02-03", 72356),
        V {
            campo_livre: None,
            barcode: Some("00195377100000723560000001238798777770016818"),
            linha: Some("00190.00009 01238.798779 77700.168188 5 37710000072356"),
        },
    );
    check(
        &bb("1238798", "18", "7777700168", "2008-02-01", 72356),
        V {
            campo_livre: None,
            barcode: Some("00194376900000723560000001238798777770016818"),
            linha: Some("00190.00009 01238.798779 77700.168188 4 37690000072356"),
        },
    );
}

#[test]
fn banco_do_brasil_convenio_8() {
    // [brcobranca] banco_brasil_spec.rb "convenio de 8 digitos e nosso número de 9".
    check(
        &bb("12387989", "18", "777700168", "2008-02-01", 13500),
        V {
            campo_livre: Some("0000001238798977770016818"),
            barcode: Some("00193376900000135000000001238798977770016818"),
            linha: Some("00190.00009 01238.798977 77700.168188 3 37690000013500"),
        },
    );
    check(
        &bb("12387989", "18", "7700168", "2008-02-02", 13500),
        V {
            campo_livre: Some("0000001238798900770016818"),
            barcode: Some("00193377000000135000000001238798900770016818"),
            linha: Some("00190.00009 01238.798902 07700.168185 3 37700000013500"),
        },
    );
}

#[test]
fn banco_do_brasil_convenio_6() {
    // [brcobranca] banco_brasil_spec.rb "convenio de 6 digitos e nosso numero de 5".
    check(
        &bb("123879", "18", "1234", "2008-02-01", 13500),
        V {
            campo_livre: Some("1238790123440420006190018"),
            barcode: Some("00192376900000135001238790123440420006190018"),
            linha: Some("00191.23876 90123.440423 00061.900189 2 37690000013500"),
        },
    );
    // Same source, "nosso numero de 17 e carteira 16" and "… carteira 18" (service code 21).
    for carteira in ["16", "18"] {
        check(
            &bb("123879", carteira, "1234567899", "2008-02-01", 13500),
            V {
                campo_livre: Some("1238790000000123456789921"),
                barcode: Some("00199376900000135001238790000000123456789921"),
                linha: Some("00191.23876 90000.000126 34567.899215 9 37690000013500"),
            },
        );
    }
    // Same source: "Não montar … carteira 17".
    let err = generate(&bb("123879", "17", "1234567899", "2008-02-01", 13500)).unwrap_err();
    assert_eq!(err.field, "carteira");
}

#[test]
fn banco_do_brasil_convenio_4() {
    // [brcobranca] banco_brasil_spec.rb "convenio de 4 digitos e nosso numero de 7".
    check(
        &bb("1238", "18", "123456", "2008-02-01", 13500),
        V {
            campo_livre: Some("1238012345640420006190018"),
            barcode: Some("00191376900000135001238012345640420006190018"),
            linha: Some("00191.23801 12345.640424 00061.900189 1 37690000013500"),
        },
    );
}

#[test]
fn banco_do_brasil_nosso_numero_dv() {
    // [brcobranca] banco_brasil_spec.rb "Montar nosso_numero_boleto": 12387989000004042-4 etc.
    assert_eq!(banks::banco_do_brasil::dv(b"12387989000004042"), b'4');
    assert_eq!(banks::banco_do_brasil::dv(b"12387989000061900"), b'7');
    assert_eq!(banks::banco_do_brasil::dv(b"12387989000000719"), b'2');
    let nn = nosso_numero(
        Bank::BancoDoBrasil,
        &bb("1238", "11", "123456", "2008-02-01", 0),
    )
    .unwrap();
    assert_eq!(nn.digits, "12380123456");
    assert!(nn.dv.is_some());
    assert_eq!(nn.formatted, format!("12380123456-{}", nn.dv.unwrap()));
}

#[test]
fn banco_do_brasil_carteiras_11_and_17_use_the_carteira_in_the_campo_livre() {
    // The BB layout puts the carteira in positions 24–25 of the campo livre (brcobranca
    // banco_brasil.rb); carteira 18 vectors above fix the rest of the layout.
    for carteira in ["11", "17"] {
        let b = generate(&bb("1238798", carteira, "7777700168", "2008-02-03", 13500)).unwrap();
        assert_eq!(b.campo_livre, format!("00000012387987777700168{carteira}"));
    }
    assert_eq!(
        generate(&bb("1238798", "99", "1", "2008-02-03", 0))
            .unwrap_err()
            .field,
        "carteira"
    );
}

// ----------------------------------------------------------------------------- Santander

fn santander(nn: &str, venc: &str, valor: i64, codigo: &str, carteira: &str) -> BoletoInput {
    let mut i = with(
        input(Bank::Santander, carteira, "0059", "013000123", nn),
        venc,
        valor,
    );
    i.codigo_beneficiario = Some(codigo.into());
    i
}

#[test]
fn santander_carteira_102() {
    // [brcobranca] santander_spec.rb "Gerar boleto".
    check(
        &santander("90000267", "2011-10-09", 2500, "1899775", "102"),
        V {
            campo_livre: Some("9189977500009000026700102"),
            barcode: Some("03398511500000025009189977500009000026700102"),
            linha: Some("03399.18997 77500.009004 00267.001022 8 51150000002500"),
        },
    );
    check(
        &santander("90002720", "2012-09-08", 5400, "1899775", "102"),
        V {
            campo_livre: Some("9189977500009000272070102"),
            barcode: Some("03399545000000054009189977500009000272070102"),
            linha: Some("03399.18997 77500.009004 02720.701024 9 54500000005400"),
        },
    );
    // [bench] Santander 033, carteira 102, código 0403005, nosso número 100000, R$ 10,00, 2023-01-02.
    check(
        &santander("100000", "2023-01-02", 1000, "0403005", "102"),
        V {
            campo_livre: None,
            barcode: Some("03391921800000010009040300500000010000040102"),
            linha: Some("03399.04039 00500.000013 00000.401026 1 92180000001000"),
        },
    );
}

#[test]
fn santander_nosso_numero_dv_and_carteiras_101_201() {
    // [brcobranca] santander_spec.rb "Montar nosso_numero_dv" / "nosso_numero_boleto".
    for (nn, dv, formatted) in [
        ("566612457800", '2', "566612457800-2"),
        ("90002720", '7', "000090002720-7"),
        ("1961005", '0', "000001961005-0"),
    ] {
        let got = nosso_numero(
            Bank::Santander,
            &santander(nn, "2011-10-09", 0, "1899775", "102"),
        )
        .unwrap();
        assert_eq!(got.dv, Some(dv));
        assert_eq!(got.formatted, formatted);
    }
    // Carteira goes to the last 3 positions (same layout as 102 above, santander.rb).
    for carteira in ["101", "201"] {
        let b = generate(&santander(
            "90000267",
            "2011-10-09",
            2500,
            "1899775",
            carteira,
        ))
        .unwrap();
        assert_eq!(b.campo_livre, format!("9189977500009000026700{carteira}"));
    }
}

// ----------------------------------------------------------------------------- Caixa

fn caixa(carteira: &str, nn: &str, convenio: &str) -> BoletoInput {
    let mut i = input(Bank::Caixa, carteira, "1825", "0000528", nn);
    i.convenio = Some(convenio.into());
    i.valor_centavos = Some(1000);
    i
}

#[test]
fn caixa_sigcb_registrada() {
    // [brcobranca] caixa_spec.rb: convênio 245274, nosso número 000000000000001, carteira 1
    // (RG), emissão 4: campo livre 2452740000100040000000017, nosso número 14000000000000001-4.
    for carteira in ["RG", "1"] {
        let b = generate(&caixa(carteira, "000000000000001", "245274")).unwrap();
        assert_eq!(b.campo_livre, "2452740000100040000000017");
        assert_eq!(b.nosso_numero_formatado, "14000000000000001-4");
    }
}

#[test]
fn caixa_sigcb_sem_registro_and_beneficiario_dv() {
    // Convênio DVs from [brcobranca] caixa_spec.rb "agencia_conta_boleto": 245274-0,
    // 123456-0, 654321-9 (campo livre position 7).
    for (convenio, dv) in [("245274", '0'), ("123456", '0'), ("654321", '9')] {
        let b = generate(&caixa("SR", "1", convenio)).unwrap();
        assert_eq!(b.campo_livre.as_bytes()[6] as char, dv, "{convenio}");
        // SR = modalidade 2 in nosso número position 1 and campo livre position 11.
        assert!(b.nosso_numero_formatado.starts_with("24"));
        assert_eq!(&b.campo_livre[10..11], "2");
    }
    assert_eq!(
        generate(&caixa("XX", "1", "245274")).unwrap_err().field,
        "carteira"
    );
}

// ----------------------------------------------------------------------------- Bradesco

fn bradesco(
    carteira: &str,
    agencia: &str,
    conta: &str,
    nn: &str,
    venc: &str,
    valor: i64,
) -> BoletoInput {
    with(
        input(Bank::Bradesco, carteira, agencia, conta, nn),
        venc,
        valor,
    )
}

#[test]
fn bradesco_carteiras_06_03_09() {
    // [brcobranca] bradesco_spec.rb "carteira número 06".
    check(
        &bradesco("06", "1172", "0403005", "75896452", "2009-04-30", 295295),
        V {
            campo_livre: Some("1172060007589645204030050"),
            barcode: Some("23795422300002952951172060007589645204030050"),
            linha: Some("23791.17209 60007.589645 52040.300502 5 42230000295295"),
        },
    );
    // [brcobranca] bradesco_spec.rb "carteira número 03".
    check(
        &bradesco("03", "4042", "61900", "777700168", "2008-02-02", 13500),
        V {
            campo_livre: Some("4042030077770016800619000"),
            barcode: Some("23791377000000135004042030077770016800619000"),
            linha: Some("23794.04201 30077.770011 68006.190000 1 37700000013500"),
        },
    );
    // [bench] Bradesco 237, carteira 09, agência 1229, conta 0403005, nn 100000, R$ 10,00.
    check(
        &bradesco("09", "1229", "0403005", "100000", "2023-01-02", 1000),
        V {
            campo_livre: None,
            barcode: Some("23797921800000010001229090000010000004030050"),
            linha: Some("23791.22902 90000.010000 00040.300501 7 92180000001000"),
        },
    );
}

#[test]
fn bradesco_nosso_numero_dv_carteiras_06_09_19() {
    // [brcobranca] bradesco_spec.rb "Montar nosso_numero_boleto".
    for (carteira, nn, formatted) in [
        ("06", "00000000525", "06/00000000525-P"),
        ("09", "00000000001", "09/00000000001-1"),
        ("19", "00000000002", "19/00000000002-8"),
        ("19", "6", "19/00000000006-0"),
        ("19", "00000000001", "19/00000000001-P"),
    ] {
        let got = nosso_numero(
            Bank::Bradesco,
            &bradesco(carteira, "4042", "61900", nn, "2008-02-02", 0),
        )
        .unwrap();
        assert_eq!(got.formatted, formatted);
    }
}

#[test]
fn bradesco_carteira_21() {
    // Carteira 21 uses the same layout (brcobranca bradesco.rb accepts any 2-digit carteira);
    // the carteira lands in campo livre positions 5–6 and in the DV input.
    let b = generate(&bradesco(
        "21",
        "1172",
        "0403005",
        "75896452",
        "2009-04-30",
        295295,
    ))
    .unwrap();
    assert_eq!(b.campo_livre, "1172210007589645204030050");
    assert!(b.nosso_numero_formatado.starts_with("21/00075896452-"));
}

// ----------------------------------------------------------------------------- Itaú

fn itau(
    carteira: &str,
    agencia: &str,
    conta: &str,
    nn: &str,
    venc: &str,
    valor: i64,
) -> BoletoInput {
    with(input(Bank::Itau, carteira, agencia, conta, nn), venc, valor)
}

#[test]
fn itau_carteira_175() {
    // [brcobranca] itau_spec.rb "Gerar boleto".
    check(
        &itau("175", "0810", "53678", "12345678", "2009-08-14", 0),
        V {
            campo_livre: Some("1751234567840810536789000"),
            barcode: Some("34191432900000000001751234567840810536789000"),
            linha: Some("34191.75124 34567.840813 05367.890000 1 43290000000000"),
        },
    );
    check(
        &itau("175", "0810", "53678", "258281", "2008-02-02", 13500),
        V {
            campo_livre: Some("1750025828170810536789000"),
            barcode: Some("34191377000000135001750025828170810536789000"),
            linha: Some("34191.75009 25828.170818 05367.890000 1 37700000013500"),
        },
    );
}

#[test]
fn itau_carteira_168_short_dac() {
    // The Itaú manual (quoted in brcobranca itau.rb and util/itau.rb, and design/banking.md):
    // for 126, 131, 146, 150 and 168 the DAC covers carteira + nosso número only, so
    // DAC(168 00258281) = 0. brcobranca's itau_spec.rb still expects DAC 2 for this input
    // ('1680025828120810536789000'): that is the full agência/conta DAC, from a version whose
    // carteira comparison never matched. The manual wins; the rest of the layout is theirs.
    let b = generate(&itau("168", "0810", "53678", "258281", "2004-09-05", 13500)).unwrap();
    assert_eq!(b.campo_livre, "1680025828100810536789000");
    assert_eq!(b.nosso_numero_formatado, "168/00258281-0");
    assert_eq!(&b.codigo_barras[5..19], "25250000013500");
}

#[test]
fn itau_carteira_109_after_the_2025_fator_reset() {
    // [brcobranca] itau_spec.rb: vencimento 2029-05-20 → fator 2548 (new cycle).
    check(
        &itau("109", "1248", "02124", "00010152", "2029-05-20", 675787),
        V {
            campo_livre: Some("1090001015271248021246000"),
            barcode: Some("34194254800006757871090001015271248021246000"),
            linha: Some("34191.09008 01015.271248 80212.460002 4 25480000675787"),
        },
    );
    // [bench] Itaú 341, carteira 109, agência 1229, conta 40300, nn 100000, R$ 10,00.
    check(
        &itau("109", "1229", "40300", "100000", "2023-01-02", 1000),
        V {
            campo_livre: None,
            barcode: Some("34198921800000010001090010000051229403009000"),
            linha: Some("34191.09008 10000.051226 94030.090008 8 92180000001000"),
        },
    );
}

#[test]
fn itau_nosso_numero_dac() {
    // [brcobranca] itau_spec.rb "Montar nosso_numero_dv" (agência 0810, conta 53678, 175).
    for (nn, dv) in [
        ("00015448", '6'),
        ("15448", '6'),
        ("12345678", '4'),
        ("34230", '5'),
        ("258281", '7'),
    ] {
        let got = nosso_numero(
            Bank::Itau,
            &itau("175", "0810", "53678", nn, "2009-08-14", 0),
        )
        .unwrap();
        assert_eq!(got.dv, Some(dv), "{nn}");
    }
    // [brcobranca] itau_spec.rb "Montar nosso_numero_boleto": 0607 / 15255, 175 → 175/12345678-4.
    let got = nosso_numero(
        Bank::Itau,
        &itau("175", "0607", "15255", "12345678", "2009-08-14", 0),
    )
    .unwrap();
    assert_eq!(got.formatted, "175/12345678-4");
}

#[test]
fn itau_carteiras_112_157_and_the_special_set() {
    // 112 and 157 use the full DAC (agência + conta + carteira + número); 126/131/146/150/168
    // use carteira + número only (Itaú layout, as in brcobranca itau.rb).
    let full = |c: &str| {
        nosso_numero(
            Bank::Itau,
            &itau(c, "0810", "53678", "12345678", "2009-08-14", 0),
        )
        .unwrap()
    };
    for c in ["109", "112", "157", "175"] {
        let digits = format!("081053678{c}12345678");
        assert_eq!(
            full(c).dv.unwrap(),
            (b'0' + banking::boleto::checksum::mod10(digits.as_bytes())) as char
        );
    }
    for c in ["126", "131", "146", "150", "168"] {
        let digits = format!("{c}12345678");
        assert_eq!(
            full(c).dv.unwrap(),
            (b'0' + banking::boleto::checksum::mod10(digits.as_bytes())) as char
        );
    }
    // Agência/conta DAC from [brcobranca] itau_spec.rb "agencia_conta_corrente_dv": 0607/15255-0.
    let mut i = itau("109", "0607", "15255", "1", "2009-08-14", 0);
    i.conta_dv = Some("0".into());
    assert!(generate(&i).is_ok());
    i.conta_dv = Some("1".into());
    assert_eq!(generate(&i).unwrap_err().field, "conta_dv");
    // 106 and 195: only brcobranca gives them the seu-número layout, with no published boleto.
    for c in ["106", "195"] {
        let mut i = itau(c, "0607", "15255", "1", "2009-08-14", 0);
        i.seu_numero = Some("1".into());
        i.codigo_cliente = Some("1".into());
        assert_eq!(generate(&i).unwrap_err().field, "carteira", "{c}");
    }
}

// ------------------------------------------------------- Itaú 107/122/142/143/196/198 (seu número)

fn itau_seu_numero(
    carteira: &str,
    nn: &str,
    seu_numero: &str,
    codigo_cliente: &str,
    venc: &str,
    valor: i64,
) -> BoletoInput {
    let mut i = itau(carteira, "0810", "53678", nn, venc, valor);
    i.seu_numero = Some(seu_numero.into());
    i.codigo_cliente = Some(codigo_cliente.into());
    i
}

#[test]
fn itau_seu_numero_carteira_196_brcobranca_vectors() {
    // [brcobranca] spec/brcobranca/boleto/itau_spec.rb "Gerar boleto": agência 0810, conta
    // 53678, carteira 196, nosso número 258281, vencimento 2004-09-05, R$ 135,00; the gem's
    // `convenio` is the código do cliente. The second and third cases zero-pad a 6-digit seu
    // número and a 4-digit código do cliente.
    for (seu, cliente, campo_livre, barcode, linha) in [
        (
            "1234567",
            "12345",
            "1960025828112345671234550",
            "34191252500000135001960025828112345671234550",
            "34191.96005 25828.112349 56712.345505 1 25250000013500",
        ),
        (
            "123456",
            "12345",
            "1960025828101234561234550",
            "34192252500000135001960025828101234561234550",
            "34191.96005 25828.101235 45612.345509 2 25250000013500",
        ),
        (
            "123456",
            "1234",
            "1960025828101234560123440",
            "34192252500000135001960025828101234560123440",
            "34191.96005 25828.101235 45601.234409 2 25250000013500",
        ),
    ] {
        check(
            &itau_seu_numero("196", "258281", seu, cliente, "2004-09-05", 13500),
            V {
                campo_livre: Some(campo_livre),
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
    }
}

#[test]
fn itau_seu_numero_carteira_107_openboleto_vector() {
    // [openboleto] openboleto/openboleto (MIT), tests/OpenBoleto/Banco/ItauTest.php
    // testInstantiateWithCarteira107ShouldWork: agência 1724, conta 12345, carteira 107,
    // sequencial 12345678, numeroDocumento (seu número) 1234567, codigoCliente 66677,
    // vencimento 2013-01-01, R$ 10,50. Its nosso número DAC is the agência/conta one.
    let mut i = itau("107", "1724", "12345", "12345678", "2013-01-01", 1050);
    i.seu_numero = Some("1234567".into());
    i.codigo_cliente = Some("66677".into());
    check(
        &i,
        V {
            campo_livre: Some("1071234567812345676667700"),
            barcode: None,
            linha: Some("34191.07127 34567.812341 56766.677001 9 55650000001050"),
        },
    );
    assert_eq!(
        generate(&i).unwrap().nosso_numero_formatado,
        "107/12345678-8"
    );
}

#[test]
fn itau_seu_numero_every_carteira_boleto_bancario_campo_livre() {
    // [boleto_bancario] tomas-stefano/boleto_bancario (MIT), spec/boleto_bancario/core/
    // itau_spec.rb "#codigo_de_barras_do_banco" "when special 'carteira'": codigo_cedente 94786,
    // numero_documento 12345678, seu_numero 1108954. The spec gives no agência/conta because
    // this campo livre does not hold them; ours are only for the nosso número DAC.
    for (carteira, campo_livre) in [
        ("107", "1071234567811089549478620"),
        ("122", "1221234567811089549478610"),
        ("142", "1421234567811089549478690"),
        ("143", "1431234567811089549478670"),
        ("196", "1961234567811089549478650"),
        ("198", "1981234567811089549478610"),
    ] {
        let i = itau_seu_numero(carteira, "12345678", "1108954", "94786", "2013-01-01", 0);
        assert_eq!(generate(&i).unwrap().campo_livre, campo_livre, "{carteira}");
    }
}

#[test]
fn itau_seu_numero_carteiras_print_the_agencia_conta_nosso_numero_dac() {
    // [boleto_bancario] itau_spec.rb "#nosso_numero" "when 'carteira' is 198" ("should follow
    // the Itau documentation"): 0057 / 72192, 98712345 → 198/98712345-1.
    let mut i = itau_seu_numero("198", "98712345", "1", "1", "2013-01-01", 0);
    i.agencia = "0057".into();
    i.conta = "72192".into();
    assert_eq!(
        nosso_numero(Bank::Itau, &i).unwrap().formatted,
        "198/98712345-1"
    );
    // [brcobranca] itau_spec.rb "Montar nosso_numero_boleto": 0607 / 15255, carteira 143,
    // 12345678 → 143/12345678-2. No seu número or código do cliente needed for it (the CNAB
    // writers and the validator compute it without them).
    i = itau("143", "0607", "15255", "12345678", "2009-08-14", 0);
    assert_eq!(
        nosso_numero(Bank::Itau, &i).unwrap().formatted,
        "143/12345678-2"
    );
    // laravel-boleto prints the campo livre DAC instead: 0 here (position 24), not openboleto's 8.
    let mut i = itau("107", "1724", "12345", "12345678", "2013-01-01", 0);
    i.seu_numero = Some("1234567".into());
    i.codigo_cliente = Some("66677".into());
    let b = generate(&i).unwrap();
    assert_eq!(b.nosso_numero_dv, Some('8'));
    assert_eq!(&b.campo_livre[23..], "00");
}

#[test]
fn itau_seu_numero_carteiras_refuse_missing_long_or_non_numeric_fields() {
    let base = || itau_seu_numero("198", "12345678", "1234567", "12345", "2013-01-01", 100);
    assert!(generate(&base()).is_ok());
    type Edit = fn(&mut BoletoInput);
    let cases: [(Edit, &str, &str); 8] = [
        (|i| i.seu_numero = None, "seu_numero", "obrigatório"),
        (
            |i| i.seu_numero = Some(" ".into()),
            "seu_numero",
            "obrigatório",
        ),
        (
            |i| i.seu_numero = Some("12345678".into()),
            "seu_numero",
            "no máximo 7",
        ),
        (
            |i| i.seu_numero = Some("12A4567".into()),
            "seu_numero",
            "apenas dígitos",
        ),
        (|i| i.codigo_cliente = None, "codigo_cliente", "obrigatório"),
        (
            |i| i.codigo_cliente = Some("123456".into()),
            "codigo_cliente",
            "no máximo 5",
        ),
        (
            |i| i.codigo_cliente = Some("12-45".into()),
            "codigo_cliente",
            "apenas dígitos",
        ),
        (
            |i| i.codigo_cliente = Some("１２３４５".into()),
            "codigo_cliente",
            "apenas dígitos",
        ),
    ];
    for (edit, field, words) in cases {
        let mut i = base();
        edit(&mut i);
        let e = generate(&i).unwrap_err();
        assert_eq!(e.field, field, "{i:?}");
        assert!(
            e.message.contains(field) && e.message.contains(words),
            "{e}"
        );
    }
    // Other carteiras ignore both fields, as every input field a layout does not use.
    let mut i = itau("109", "1229", "40300", "100000", "2023-01-02", 1000);
    i.seu_numero = Some("not digits".into());
    assert!(generate(&i).is_ok());
}

// ----------------------------------------------------------------------------- Sicredi

fn sicredi(carteira: &str, nn: &str, venc: &str, valor: i64) -> BoletoInput {
    let mut i = with(input(Bank::Sicredi, carteira, "1234", "", nn), venc, valor);
    i.posto = Some("18".into());
    i.codigo_beneficiario = Some("12345".into());
    i.byte_idt = Some("2".into());
    i.data_documento = Some(date("2012-01-19"));
    i
}

#[test]
fn sicredi_carteira_3() {
    // [brcobranca] sicredi_spec.rb "carteira número 03" (tipo 3 = sem registro).
    check(
        &sicredi("3", "13871", "2012-01-24", 295295),
        V {
            campo_livre: Some("3112213871512341812345100"),
            barcode: None,
            linha: Some("74893.11220 13871.512342 18123.451009 1 52220000295295"),
        },
    );
    let b = generate(&sicredi("3", "13871", "2012-01-24", 295295)).unwrap();
    assert_eq!(b.nosso_numero_formatado, "12/213871-5");
    // The 8-digit AABNNNNN form gives the same boleto without data_documento.
    let mut full = sicredi("3", "12213871", "2012-01-24", 295295);
    full.data_documento = None;
    assert_eq!(generate(&full).unwrap(), b);
}

#[test]
fn sicredi_carteira_1_and_blank_amount() {
    // Tipo 1 (com registro) only changes the first campo livre digit; no amount → position 23 = 0
    // (Sicredi layout: "1 quando houver valor expresso no campo valor do documento").
    let b = generate(&sicredi("1", "13871", "2012-01-24", 295295)).unwrap();
    assert_eq!(&b.campo_livre[..23], "11122138715123418123451");
    let blank = generate(&sicredi("1", "13871", "2012-01-24", 0)).unwrap();
    assert_eq!(&blank.campo_livre[22..23], "0");
    assert_eq!(
        generate(&sicredi("2", "13871", "2012-01-24", 0))
            .unwrap_err()
            .field,
        "carteira"
    );
}

// ----------------------------------------------------------------------------- Sicoob

fn sicoob(agencia: &str, convenio: &str, nn: &str, venc: &str, valor: i64) -> BoletoInput {
    let mut i = with(input(Bank::Sicoob, "1", agencia, "417270", nn), venc, valor);
    i.convenio = Some(convenio.into());
    i
}

#[test]
fn sicoob_modalidade_01() {
    // [brcobranca] sicoob_spec.rb "Montar código de barras modalidade 01".
    check(
        &sicoob("4327", "229385", "2", "2016-02-18", 5000),
        V {
            campo_livre: Some("1432701022938500000024001"),
            barcode: None,
            linha: Some("75691.43279 01022.938508 00000.240010 2 67080000005000"),
        },
    );
}

#[test]
fn sicoob_modalidade_05_via_variacao() {
    // [brcobranca] sicoob_spec.rb "Montar código de barras modalidade 05" (variacao: '05').
    let mut i = sicoob("4134", "148180", "110", "2017-04-15", 23500);
    i.variacao = Some("05".into());
    check(
        &i,
        V {
            campo_livre: Some("1413405014818000001104001"),
            barcode: None,
            linha: Some("75691.41349 05014.818008 00011.040011 4 71300000023500"),
        },
    );
    // Modalidade 02 goes to the same two positions.
    let mut i = sicoob("4134", "148180", "110", "2017-04-15", 23500);
    i.modalidade = Some("02".into());
    assert_eq!(&generate(&i).unwrap().campo_livre[5..7], "02");
}

#[test]
fn sicoob_nosso_numero_dv() {
    // [brcobranca] sicoob_spec.rb "Montar nosso numero dv" (agência 4327, convênio 229385).
    let expected = [
        '7', '4', '1', '9', '6', '3', '0', '8', '5', '3', '0', '8', '5',
    ];
    for (n, dv) in (1..=13).zip(expected) {
        let got = nosso_numero(
            Bank::Sicoob,
            &sicoob("4327", "229385", &n.to_string(), "2016-02-18", 0),
        )
        .unwrap();
        assert_eq!(got.dv, Some(dv), "nosso número {n}");
    }
}

// ----------------------------------------------------------------------------- fator / 2025

#[test]
fn fator_both_sides_of_the_2025_reset() {
    // FEBRABAN (design/banking.md): 9999 = 2025-02-21, 1000 = 2025-02-22, 9999 = 2049-10-13.
    assert_eq!(fator_vencimento(date("2025-02-21")).unwrap(), 9999);
    assert_eq!(fator_vencimento(date("2025-02-22")).unwrap(), 1000);
    assert_eq!(fator_vencimento(date("2049-10-13")).unwrap(), 9999);
    assert_eq!(fator_vencimento(date("2049-10-14")).unwrap(), 1000);
    // Bradesco [bench] input moved to each side of the reset: only the fator and the general DV
    // change; the line decodes back to the same due date.
    let today = date("2026-11-21");
    for (venc, fator) in [
        ("2025-02-21", "9999"),
        ("2025-02-22", "1000"),
        ("2026-12-01", "1647"),
    ] {
        let b = generate(&bradesco("09", "1229", "0403005", "100000", venc, 1000)).unwrap();
        assert_eq!(&b.codigo_barras[5..9], fator);
        let d = boleto::decode(&b.linha_digitavel, today).unwrap();
        assert_eq!(d.vencimento, Some(date(venc)));
    }
}

#[test]
fn no_due_date_and_amount_limits() {
    let mut i = bradesco("09", "1229", "0403005", "100000", "2023-01-02", 1000);
    i.vencimento = None;
    let b = generate(&i).unwrap();
    assert_eq!(&b.codigo_barras[5..9], "0000");
    i.valor_centavos = Some(-1);
    assert_eq!(generate(&i).unwrap_err().field, "valor_centavos");
    i.valor_centavos = Some(10_000_000_000);
    assert_eq!(generate(&i).unwrap_err().field, "valor_centavos");
    i.valor_centavos = Some(9_999_999_999);
    assert_eq!(&generate(&i).unwrap().codigo_barras[9..19], "9999999999");
}

#[test]
fn vectors_after_the_2025_reset_from_node_boleto() {
    // [node-boleto] npm node-boleto 2.3.0 (pagarme), which implements the 2025 fator restart,
    // run by /tmp/peers/vectors2025.js (same setup as bench/peer-boleto.js: agência 1229,
    // código do cedente 0403005). Same output with TZ=UTC and TZ=America/Sao_Paulo.
    let cases = [
        (
            "09",
            "100000",
            "2025-02-22",
            1000,
            "23791100000000010001229090000010000004030050",
            "23791.22902 90000.010000 00040.300501 1 10000000001000",
        ),
        (
            "06",
            "75896452",
            "2026-12-01",
            123456,
            "23791164700001234561229060007589645204030050",
            "23791.22902 60007.589645 52040.300502 1 16470000123456",
        ),
        (
            "19",
            "1",
            "2031-07-15",
            99,
            "23799333400000000991229190000000000104030050",
            "23791.22910 90000.000001 01040.300509 9 33340000000099",
        ),
    ];
    for (carteira, nn, venc, valor, barcode, linha) in cases {
        check(
            &bradesco(carteira, "1229", "0403005", nn, venc, valor),
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
    }
    let cases = [
        (
            "102",
            "90000267",
            "2025-02-24",
            2500,
            "03397100200000025009040300500009000026700102",
            "03399.04039 00500.009006 00267.001022 7 10020000002500",
        ),
        (
            "101",
            "566612457800",
            "2027-03-31",
            5400,
            "03399176700000054009040300556661245780020101",
            "03399.04039 00556.661247 57800.201014 9 17670000005400",
        ),
    ];
    for (carteira, nn, venc, valor, barcode, linha) in cases {
        check(
            &santander(nn, venc, valor, "0403005", carteira),
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
    }
}

#[test]
fn vectors_after_the_2025_reset_for_bb_caixa_sicredi_sicoob() {
    // No published post-2025 vector was found for these banks (searched again: brcobranca and
    // its Maxwbh fork, boleto_bancario, br_boleto, BoletoNetCore, Boleto.Net, boleto2net,
    // OpenBoleto, laravel-boleto, pyboleto forks, bopepo, stella, boleto-utils, bb-wrapper; the
    // only published post-reset data are fator values: published_fator_values_after_the_reset).
    // These reuse the brcobranca inputs above (whose campo livre layouts those vectors fix) with
    // due dates after the reset; the fator follows the FEBRABAN anchor (2025-02-22 = 1000, so
    // 2027-08-10 = 1899, 2025-03-03 = 1009, 2025-06-30 = 1128, 2026-02-18 = 1361), and every
    // line below was checked by the independent npm boleto-validator 1.0.2 (all DVs true; each
    // one with its general DV changed: false) with /tmp/peers/check2025.js.
    let mut bb7 = bb("1238798", "18", "7777700168", "2025-02-22", 13500);
    bb7.vencimento = Some(date("2025-02-22"));
    let mut caixa = caixa("RG", "1", "245274");
    caixa.vencimento = Some(date("2025-03-03"));
    let mut sicredi = sicredi("3", "25213871", "2025-06-30", 295295);
    sicredi.data_documento = None;
    let cases = [
        (
            bb7,
            "00195100000000135000000001238798777770016818",
            "00190.00009 01238.798779 77700.168188 5 10000000013500",
        ),
        (
            bb("1238", "18", "123456", "2027-08-10", 13500),
            "00191189900000135001238012345640420006190018",
            "00191.23801 12345.640424 00061.900189 1 18990000013500",
        ),
        (
            caixa,
            "10493100900000010002452740000100040000000017",
            "10492.45275 40000.100046 00000.000174 3 10090000001000",
        ),
        (
            sicredi,
            "74898112800002952953125213871512341812345108",
            "74893.12525 13871.512342 18123.451082 8 11280000295295",
        ),
        (
            sicoob("4327", "229385", "2", "2026-02-18", 5000),
            "75693136100000050001432701022938500000024001",
            "75691.43279 01022.938508 00000.240010 3 13610000005000",
        ),
    ];
    for (input, barcode, linha) in cases {
        check(
            &input,
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
    }
}

// ----------------------------------------------------------------------------- caelum-stella
// [stella] caelum/caelum-stella, stella-boleto/src/test/java/br/com/caelum/stella/boleto/bancos/
// (Java, Apache 2.0), a third independent implementation.

#[test]
fn stella_banco_do_brasil_convenio_7_carteira_18() {
    // BancoDoBrasilTest: agência 1824, conta 76000, convênio 1207113, nosso número 9000206,
    // vencimento 2008-05-02, R$ 40,00.
    let mut i = with(
        input(Bank::BancoDoBrasil, "18", "1824", "76000", "9000206"),
        "2008-05-02",
        4000,
    );
    i.convenio = Some("1207113".into());
    check(
        &i,
        V {
            campo_livre: Some("0000001207113000900020618"),
            barcode: Some("00195386000000040000000001207113000900020618"),
            linha: Some("00190.00009 01207.113000 09000.206186 5 38600000004000"),
        },
    );
}

#[test]
fn stella_caixa_sigcb_sem_registro() {
    // CaixaTest "SICGB": beneficiário 290274-5, nosso número 24900000000000132-3 (SR,
    // emissão 4), vencimento 2012-09-04, R$ 80,00.
    let mut i = with(
        input(Bank::Caixa, "SR", "0589", "", "900000000000132"),
        "2012-09-04",
        8000,
    );
    i.codigo_beneficiario = Some("290274".into());
    check(
        &i,
        V {
            campo_livre: Some("2902745900200040000001322"),
            barcode: Some("10499544600000080002902745900200040000001322"),
            linha: Some("10492.90271 45900.200044 00000.013227 9 54460000008000"),
        },
    );
    assert_eq!(
        generate(&i).unwrap().nosso_numero_formatado,
        "24900000000000132-3"
    );
}

#[test]
fn stella_itau_carteira_157() {
    // ItauTest: agência 0167, conta 45145, carteira 157, nosso número 21897666 (DAC 6),
    // vencimento 2013-04-01, R$ 2.680,16.
    check(
        &itau("157", "0167", "45145", "21897666", "2013-04-01", 268016),
        V {
            campo_livre: Some("1572189766660167451459000"),
            barcode: Some("34196565500002680161572189766660167451459000"),
            linha: Some("34191.57213 89766.660164 74514.590004 6 56550000268016"),
        },
    );
}

#[test]
fn stella_santander_carteira_102_and_nosso_numero_dvs() {
    // SantanderTest: convênio 5260965, nosso número 105613749501 (DV 4), 2013-05-08, R$ 219,50.
    check(
        &santander("105613749501", "2013-05-08", 21950, "5260965", "102"),
        V {
            campo_livre: Some("9526096510561374950140102"),
            barcode: Some("03392569200000219509526096510561374950140102"),
            linha: None,
        },
    );
    // testRetornarDigitoNossoNumero and testRetornarDigitoQuandoNossoNumeroForMenorQueDoze.
    for (nn, dv) in [
        ("566612457800", '2'),
        ("566612457801", '0'),
        ("566612457802", '9'),
        ("566612457803", '7'),
        ("566612457804", '5'),
        ("566612457810", '0'),
        ("1", '9'),
    ] {
        let got = nosso_numero(
            Bank::Santander,
            &santander(nn, "2013-05-08", 0, "5260965", "102"),
        )
        .unwrap();
        assert_eq!(got.dv, Some(dv), "{nn}");
    }
}

#[test]
fn node_boleto_bradesco_21_26_and_santander_201() {
    // [node-boleto] 2.3.0 via /tmp/peers/vectors_more.js (agência 1229, código 0403005), both
    // sides of the 2025 reset; identical output with TZ=UTC and TZ=America/Sao_Paulo.
    let bradesco_cases = [
        (
            "21",
            "12345678901",
            "2024-05-10",
            45678,
            "23791971200000456781229211234567890104030050",
            "23791.22928 11234.567896 01040.300509 1 97120000045678",
        ),
        (
            "26",
            "42",
            "2026-08-31",
            100,
            "23793155500000001001229260000000004204030050",
            "23791.22928 60000.000004 42040.300503 3 15550000000100",
        ),
    ];
    for (carteira, nn, venc, valor, barcode, linha) in bradesco_cases {
        check(
            &bradesco(carteira, "1229", "0403005", nn, venc, valor),
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
    }
    let santander_cases = [
        (
            "123456789012",
            "2024-11-30",
            98765,
            "03395991600000987659040300512345678901230201",
            "03399.04039 00512.345679 89012.302017 5 99160000098765",
        ),
        (
            "77",
            "2026-05-05",
            1500,
            "03395143700000015009040300500000000007790201",
            "03399.04039 00500.000005 00077.902013 5 14370000001500",
        ),
    ];
    for (nn, venc, valor, barcode, linha) in santander_cases {
        check(
            &santander(nn, venc, valor, "0403005", "201"),
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
    }
}

// ----------------------------------------------------------------------------- BoletoNetCore
// [boletonetcore] BoletoNet/BoletoNetCore, BoletoNetCore.Testes/Bancos/<Bank>/Carteiras/*Tests.cs
// (C#, NUnit [TestCase] rows: valor, nosso número, …, código de barras, linha digitável, date),
// a fourth independent implementation. These fill carteiras that had no published vector.

#[test]
fn boletonetcore_banco_do_brasil_carteira_11() {
    // BancoBrasilCarteira11_019Tests.cs: convênio 1234567, agência 1234, conta 12345, nosso
    // número 12345670000000001 (convênio + 10 digits), vencimento 2019-02-28, R$ 800,00.
    let mut i = bb("1234567", "11", "0000000001", "2019-02-28", 80000);
    i.agencia = "1234".into();
    i.conta = "12345".into();
    check(
        &i,
        V {
            campo_livre: Some("0000001234567000000000111"),
            barcode: Some("00191781400000800000000001234567000000000111"),
            linha: Some("00190.00009 01234.567004 00000.001115 1 78140000080000"),
        },
    );
    // Same file: nosso número 12345679999999901, 2019-03-10, R$ 791,00.
    check(
        &bb("1234567", "11", "9999999901", "2019-03-10", 79100),
        V {
            campo_livre: None,
            barcode: Some("00198782400000791000000001234567999999990111"),
            linha: Some("00190.00009 01234.567996 99999.901111 8 78240000079100"),
        },
    );
}

#[test]
fn boletonetcore_banco_do_brasil_carteira_17() {
    // BancoBrasilCarteira17_019Tests.cs: convênio 1234567, agência 1234, conta 123456.
    for (nn, venc, valor, barcode, linha) in [
        (
            "0000000005",
            "2016-11-27",
            40000,
            "00191699100000400000000001234567000000000517",
            "00190.00009 01234.567004 00000.005173 1 69910000040000",
        ),
        (
            "0000000001",
            "2016-08-17",
            123278,
            "00194688900001232780000001234567000000000117",
            "00190.00009 01234.567004 00000.001172 4 68890000123278",
        ),
        (
            "0000000009",
            "2017-03-19",
            80000,
            "00195710300000800000000001234567000000000917",
            "00190.00009 01234.567004 00000.009175 5 71030000080000",
        ),
    ] {
        check(
            &bb("1234567", "17", nn, venc, valor),
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
    }
}

#[test]
#[ignore = "BoletoNetCore is wrong here: its carteira-112 class puts the conta DV (a made-up 6; \
            the Itaú DAC of 1234/12345 is 1) into the nosso número DAC input and the campo livre; \
            see itau_carteira_112_published_vectors"]
fn boletonetcore_itau_carteira_112() {
    // BancoItauCarteira112Tests.cs: agência 1234, conta 12345-6, carteira 112 (full DAC).
    // DISAGREEMENT, library left as is: the test fixture's conta DV "6" is made up. The Itaú
    // agência/conta DAC is mod10(1234 12345) = 1 (we compute 1 and reject conta_dv 6), and
    // the 112 nosso número DAC is mod10(agência + conta + carteira + número) over 20 digits =
    // 6 for 00223345; BoletoNetCore's 8 is mod10 over 21 digits with the conta DV "6" inserted
    // (all six rows of that file fit that). Their campo livre also ends "…12345 6 000" where
    // ours ends "…12345 1 000". Layout otherwise identical (carteira, número, agência, conta).
    // SETTLED (see itau_carteira_112_published_vectors and itau_manual_dac_example_carteira_110):
    // BoletoNetCore/Banco/Itau/Carteiras/BancoItauCarteira112.cs is the only place that inserts
    // DigitoConta into the DAC input; the same library's BancoItauCarteira109.cs and
    // BancoItauCarteira138.cs compute it over agência + conta + carteira + número (20 digits);
    // the Itaú manual's worked example (quoted in jrimum/bopepo CLItauPadrao.java) uses the
    // 20-digit sequence; and two other published 112 boletos (objectos TesteDeItau.java,
    // OpenBoleto ItauTest.php) match our 20-digit DAC and computed conta DAC exactly.
    for (nn, venc, valor, formatted, barcode, linha) in [
        (
            "223345",
            "2017-06-19",
            10101,
            "112/00223345-8",
            "34191719500000101011120022334581234123456000",
            "34191.12002 22334.581232 41234.560005 1 71950000010101",
        ),
        (
            "223348",
            "2017-09-19",
            40506,
            "112/00223348-2",
            "34195728700000405061120022334821234123456000",
            "34191.12002 22334.821232 41234.560005 5 72870000040506",
        ),
        (
            "223349",
            "2017-10-19",
            50608,
            "112/00223349-0",
            "34196731700000506081120022334901234123456000",
            "34191.12002 22334.901232 41234.560005 6 73170000050608",
        ),
    ] {
        let i = itau("112", "1234", "12345", nn, venc, valor);
        check(
            &i,
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
        assert_eq!(generate(&i).unwrap().nosso_numero_formatado, formatted);
    }
}

#[test]
fn boletonetcore_sicredi_tipo_1() {
    // BancoSicrediCarteira1Tests.cs: carteira 1 (com registro), agência 0156, posto 05,
    // código do beneficiário 85305, byte 2, year 19 → nosso número 19/2NNNNN-D.
    for (nn, venc, valor, formatted, barcode, linha) in [
        (
            "19200004",
            "2015-01-04",
            50000,
            "19/200004-8",
            "74894629800000500001119200004801560585305103",
            "74891.11927 00004.801569 05853.051034 4 62980000050000",
        ),
        (
            "19200010",
            "2019-04-25",
            80000,
            "19/200010-2",
            "74893787000000800001119200010201560585305102",
            "74891.11927 00010.201564 05853.051026 3 78700000080000",
        ),
        (
            "19200008",
            "2020-02-19",
            20000,
            "19/200008-0",
            "74894817000000200001119200008001560585305105",
            "74891.11927 00008.001562 05853.051059 4 81700000020000",
        ),
    ] {
        let mut i = with(input(Bank::Sicredi, "1", "0156", "", nn), venc, valor);
        i.posto = Some("05".into());
        i.codigo_beneficiario = Some("85305".into());
        i.byte_idt = Some("2".into());
        check(
            &i,
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
        assert_eq!(generate(&i).unwrap().nosso_numero_formatado, formatted);
    }
}

#[test]
fn boleto_bancario_itau_nosso_numero_dac_for_the_special_carteiras() {
    // [boleto_bancario] tomas-stefano/boleto_bancario, spec/boleto_bancario/core/itau_spec.rb
    // "#nosso_numero" (Ruby gem, MIT): for these carteiras the spec gives no agência/conta,
    // because the DAC covers carteira + número only. Only the nosso número is published here,
    // not a barcode.
    for (carteira, nn, formatted) in [
        ("126", "12345", "126/00012345-8"),
        ("131", "6789", "131/00006789-5"),
        ("146", "147890", "146/00147890-9"),
        ("150", "18765476", "150/18765476-2"),
        ("168", "12784698", "168/12784698-3"),
    ] {
        let got = nosso_numero(
            Bank::Itau,
            &itau(carteira, "0057", "12345", nn, "2012-12-21", 0),
        )
        .unwrap();
        assert_eq!(got.formatted, formatted);
    }
    // Same spec, "#linha_digitavel": carteira 175, agência 1565, conta 13877, 2012-12-21.
    check(
        &itau("175", "1565", "13877", "12345678", "2012-12-21", 295295),
        V {
            campo_livre: None,
            barcode: None,
            linha: Some("34191.75124 34567.861561 51387.710000 1 55540000295295"),
        },
    );
}

// ----------------------------------------------------------------------------- Itaú 112 / 109-family

#[test]
fn itau_carteira_112_published_vectors() {
    // Two published carteira-112 boletos other than BoletoNetCore; both agree with us on the
    // nosso número DAC over 20 digits (agência + conta + carteira + número, no conta DV) and on
    // the computed agência/conta DAC in the campo livre. Both discriminate: with the conta DAC
    // inserted (BoletoNetCore's 112 rule) the nosso número DAC would be 7 and 5, not 9 and 8.
    //
    // [jabuticava] neocite/jabuticava (objectos way-boleto, Apache 2.0),
    // src/test/java/br/com/objectos/way/boleto/TesteDeItau.java: carteira 112 (COBRANCA_SIMPLES_
    // COM_REGISTRO), agência 0123, conta "00123-4", nosso número 00001050, vencimento
    // 2004-08-11, R$ 340,00. The fixture's conta DV "4" is not in their expected barcode: it
    // carries 2, the Itaú DAC of 0123/00123, which is what we compute (so no conta_dv here).
    check(
        &itau("112", "0123", "00123", "00001050", "2004-08-11", 34000),
        V {
            campo_livre: None,
            barcode: Some("34195250000000340001120000105090123001232000"),
            linha: Some("34191.12002 00105.090120 30012.320005 5 25000000034000"),
        },
    );
    // [openboleto] openboleto/openboleto (MIT), tests/Banco/ItauTest.php (same case in
    // tests/OpenBoleto/Banco/ItauTest.php): agência 1724, carteira 112, conta 12345, sequencial
    // 12345678, vencimento 2013-01-01, R$ 10,50 → nosso número 112/12345678-8.
    let i = itau("112", "1724", "12345", "12345678", "2013-01-01", 1050);
    check(
        &i,
        V {
            campo_livre: None,
            barcode: None,
            linha: Some("34191.12127 34567.881726 41234.580003 1 55650000001050"),
        },
    );
    assert_eq!(
        generate(&i).unwrap().nosso_numero_formatado,
        "112/12345678-8"
    );
}

#[test]
fn itau_manual_dac_example_carteira_110() {
    // The Itaú manual's worked example for the nosso número DAC, as transcribed in
    // jrimum/bopepo src/main/java/org/jrimum/bopepo/campolivre/CLItauPadrao.java
    // (calculeDigitoDaPosicao31): "AG / CONTA = 0057 / 12345-7  CART / NNº = 110 / 12345678-?",
    // "Sequência para Cálculo 0 0 5 7 1 2 3 4 5 1 1 0 1 2 3 4 5 6 7 8" (20 digits: the conta
    // DAC 7 is not in it), total 72, "DAC = 10 - 2 = 8". Same value in tomas-stefano/
    // boleto_bancario spec/boleto_bancario/core/itau_spec.rb ("110/12345678-8").
    let i = itau("110", "0057", "12345", "12345678", "2013-01-01", 0);
    assert_eq!(
        generate(&i).unwrap().nosso_numero_formatado,
        "110/12345678-8"
    );
    // jrimum/bopepo src/test/java/org/jrimum/bopepo/campolivre/TestCLItauPadrao.java: agência
    // 57, carteira 110, conta 12345 (digit "7", "Não importa para o CampoLivre": computed),
    // nosso número 12345678.
    assert_eq!(
        generate(&i).unwrap().campo_livre,
        "1101234567880057123457000"
    );
    // boleto_bancario itau_spec.rb "#codigo_de_barras_do_banco" "when default carteira": 109,
    // 0057 / 12345-7, 12345678.
    let i = itau("109", "0057", "12345", "12345678", "2013-01-01", 0);
    assert_eq!(
        generate(&i).unwrap().campo_livre,
        "1091234567800057123457000"
    );
}

#[test]
fn boletonet_itau_carteira_109() {
    // [boletonet] BoletoNet/boletonet, src/Boleto.Net.Testes/BancoItauTeste.cs (same case in
    // BancoItau/BancoItauTeste.cs and Legado/BancoItauLegadoTeste.cs): agência 0320, conta
    // 03200-6 (6 is the Itaú DAC), carteira 109, nosso número 20063, 2012-12-06, R$ 2.701,40.
    let mut i = itau("109", "0320", "03200", "20063", "2012-12-06", 270140);
    i.conta_dv = Some("6".into());
    check(
        &i,
        V {
            campo_livre: None,
            barcode: Some("34192553900002701401090002006370320032006000"),
            linha: Some("34191.09008 02006.370320 00320.060007 2 55390000270140"),
        },
    );
    assert_eq!(
        generate(&i).unwrap().nosso_numero_formatado,
        "109/00020063-7"
    );
}

#[test]
fn boletonetcore_itau_carteiras_109_138_nosso_numero() {
    // [boletonetcore] BancoItauCarteira109Tests.cs and BancoItauCarteira138Tests.cs: agência
    // 1234, conta 56789. Their 109 and 138 classes compute the DAC over agência + conta +
    // carteira + número (no conta DV), and every nosso número in those files agrees with ours.
    // (Their barcodes do not: see boletonetcore_itau_carteiras_109_138_barcodes.)
    for (carteira, nn, formatted) in [
        ("109", "223350", "109/00223350-2"),
        ("109", "223352", "109/00223352-8"),
        ("109", "223345", "109/00223345-2"),
        ("109", "223346", "109/00223346-0"),
        ("109", "223353", "109/00223353-6"),
        ("109", "223351", "109/00223351-0"),
        ("109", "223348", "109/00223348-6"),
        ("109", "223349", "109/00223349-4"),
        ("109", "223347", "109/00223347-8"),
        ("138", "223345", "138/00223345-1"),
        ("138", "223346", "138/00223346-9"),
        ("138", "223347", "138/00223347-7"),
        ("138", "223348", "138/00223348-5"),
        ("138", "223349", "138/00223349-3"),
        ("138", "223350", "138/00223350-1"),
        ("138", "223351", "138/00223351-9"),
        ("138", "223352", "138/00223352-7"),
        ("138", "223353", "138/00223353-5"),
    ] {
        let got = nosso_numero(
            Bank::Itau,
            &itau(carteira, "1234", "56789", nn, "2017-06-19", 0),
        )
        .unwrap();
        assert_eq!(got.formatted, formatted);
    }
}

#[test]
#[ignore = "BoletoNetCore is wrong here: its fixture's conta DV 0 is not the Itaú DAC of \
            1234/56789 (7), and it copies that DV into the campo livre (…56789 0 000)"]
fn boletonetcore_itau_carteiras_109_138_barcodes() {
    // [boletonetcore] BancoItauCarteira109Tests.cs / BancoItauCarteira138Tests.cs (agência
    // 1234, conta 56789, DigitoConta "0"). Everything but campo livre position 21 (the
    // agência/conta DAC) and therefore the general DV and the third linha field agrees with us;
    // we compute DAC 7 (and reject conta_dv 0). Same cause as boletonetcore_itau_carteira_112,
    // without the nosso número part (their 109/138 nosso números agree with ours).
    for (carteira, nn, venc, valor, barcode, linha) in [
        (
            "109",
            "223350",
            "2017-06-19",
            60000,
            "34191719500000600001090022335021234567890000",
            "34191.09008 22335.021238 45678.900007 1 71950000060000",
        ),
        (
            "138",
            "223345",
            "2017-06-19",
            10000,
            "34192719500000100001380022334511234567890000",
            "34191.38007 22334.511239 45678.900007 2 71950000010000",
        ),
    ] {
        check(
            &itau(carteira, "1234", "56789", nn, venc, valor),
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
    }
}

// ----------------------------------------------------------------------------- Sicoob, more

#[test]
fn br_boleto_sicoob_modalidade_02_layout() {
    // [br_boleto] Brunomm/br_boleto, test/br_boleto/boleto/sicoob_test.rb (the version with
    // BrBoleto::Conta::Sicoob), "#codigo_de_barras_do_banco": carteira 1, agência 78, código do
    // cedente 668 + DV 3, modalidade '02', parcelas '3', nosso número stubbed as '0234567-8'.
    // The only published modalidade-02 Sicoob data found: positions only, no barcode. Their DV
    // 8 is a stub (ours happens to be 8 too, which proves nothing) and their parcela is 003
    // (we always emit 001), so only positions 1–22 are compared: carteira, agência,
    // modalidade, código do cliente, nosso número.
    let mut i = sicoob("78", "6683", "234567", "2016-12-28", 100);
    i.modalidade = Some("02".into());
    let cl = generate(&i).unwrap().campo_livre;
    assert_eq!(&cl[0..1], "1"); // carteira
    assert_eq!(&cl[1..5], "0078"); // agência
    assert_eq!(&cl[5..7], "02"); // modalidade
    assert_eq!(&cl[7..14], "0006683"); // código do cedente
    assert_eq!(&cl[14..21], "0234567"); // nosso número without its DV
}

#[test]
fn published_sicoob_modalidade_01_vectors() {
    // [br_boleto] Brunomm/br_boleto test/br_boleto/boleto/sicoob_test.rb "#codigo_de_barras"
    // (the 2020 case in every stored version, the 2016 "boleto de exemplo" in the later one):
    // agência 3069, código do cliente 82819-0, carteira 1, modalidade 01.
    for (nn, venc, valor, barcode, linha) in [
        (
            "10010",
            "2020-02-17",
            9301578,
            "75699816800093015781306901082819000100107001",
            "75691.30698 01082.819002 01001.070018 9 81680009301578",
        ),
        (
            "15679",
            "2016-09-01",
            40850,
            "75694690400000408501306901082819000156790001",
            "75691.30698 01082.819002 01567.900012 4 69040000040850",
        ),
    ] {
        check(
            &sicoob("3069", "828190", nn, venc, valor),
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: Some(linha),
            },
        );
    }
    // [openboleto] openboleto/openboleto tests/Banco/SicoobTest.php: agência 3069, carteira 1,
    // modalidade 01, convênio 153850, sequencial 203210, 2018-05-25, R$ 1.575,75.
    let i = sicoob("3069", "153850", "203210", "2018-05-25", 157575);
    check(
        &i,
        V {
            campo_livre: None,
            barcode: None,
            linha: Some("75691.30698 01015.385006 20321.010017 9 75350000157575"),
        },
    );
    assert_eq!(generate(&i).unwrap().nosso_numero_formatado, "0203210-1");
    // [boleto2net] BoletoNet/boleto2net Boleto2.Net.Testes/BancoSicoobCarteira1_01Tests.cs:
    // agência 4277, cedente 17227-8, carteira 1, variação 01.
    for (nn, venc, valor, formatted, barcode) in [
        (
            "12349",
            "2016-12-28",
            401124,
            "0012349-2",
            "75697702200004011241427701017227800123492001",
        ),
        (
            "4",
            "2016-11-10",
            30000,
            "0000004-0",
            "75691697400000300001427701017227800000040001",
        ),
    ] {
        let i = sicoob("4277", "172278", nn, venc, valor);
        check(
            &i,
            V {
                campo_livre: None,
                barcode: Some(barcode),
                linha: None,
            },
        );
        assert_eq!(generate(&i).unwrap().nosso_numero_formatado, formatted);
    }
    // Trust-Code/python-boleto tests/test_banco_sicoob.py test_dv_nosso_numero: agência 3069,
    // código do beneficiário 225, nosso número 3 → DV 5.
    let got = nosso_numero(Bank::Sicoob, &sicoob("3069", "225", "3", "2016-05-06", 0)).unwrap();
    assert_eq!(got.dv, Some('5'));
}

// ----------------------------------------------------------------------------- BB / Caixa, more

#[test]
fn openboleto_banco_do_brasil_convenios_4_6_7() {
    // [openboleto] openboleto/openboleto tests/Banco/BancoDoBrasilTest.php: agência 1545, conta
    // 10403005, carteira 18, 2013-01-01, R$ 10,50. Their "carteira 21" case is convênio 6 with
    // a 17-digit nosso número (service code 21), which we take as carteira 18.
    for (convenio, nn, formatted, linha) in [
        (
            "1234567",
            "1",
            "12345670000000001",
            "00190.00009 01234.567004 00000.001180 7 55650000001050",
        ),
        (
            "123456",
            "1",
            "12345600001-7",
            "00191.23454 60000.115455 10403.005183 1 55650000001050",
        ),
        (
            "123456",
            "12345678901234567",
            "12345678901234567",
            "00191.23454 61234.567891 01234.567210 6 55650000001050",
        ),
        (
            "1234",
            "1",
            "12340000001-1",
            "00191.23405 00000.115451 10403.005183 5 55650000001050",
        ),
    ] {
        let mut i = bb(convenio, "18", nn, "2013-01-01", 1050);
        i.agencia = "1545".into();
        i.conta = "10403005".into();
        check(
            &i,
            V {
                campo_livre: None,
                barcode: None,
                linha: Some(linha),
            },
        );
        assert_eq!(generate(&i).unwrap().nosso_numero_formatado, formatted);
    }
}

fn caixa_beneficiario(
    carteira: &str,
    codigo: &str,
    nn: &str,
    venc: &str,
    valor: i64,
) -> BoletoInput {
    let mut i = with(input(Bank::Caixa, carteira, "0001", "", nn), venc, valor);
    i.codigo_beneficiario = Some(codigo.into());
    i
}

#[test]
fn published_caixa_sigcb_vectors() {
    // [openboleto] openboleto/openboleto tests/Banco/CaixaTest.php testInstantiateShouldWork:
    // carteira SR, conta (beneficiário) 433756, sequencial 5000000061, 2014-03-18, R$ 810,94.
    let i = caixa_beneficiario("SR", "433756", "5000000061", "2014-03-18", 81094);
    check(
        &i,
        V {
            campo_livre: None,
            barcode: None,
            linha: Some("10494.33756 65000.200546 00000.006106 8 60060000081094"),
        },
    );
    assert_eq!(
        generate(&i).unwrap().nosso_numero_formatado,
        "24000005000000061-2"
    );
    // caelum/caelum-stella issue #172 (a real registered Caixa boleto quoted with its inputs):
    // nosso número 14000000000000241, vencimento 30/07/2015, beneficiário 528178, R$ 110,00.
    check(
        &caixa_beneficiario("RG", "528178", "241", "2015-07-30", 11000),
        V {
            campo_livre: None,
            barcode: Some("10499650500000110005281784000100040000002410"),
            linha: Some("10495.28175 84000.100044 00000.024109 9 65050000011000"),
        },
    );
}

#[test]
fn openboleto_caixa_seven_digit_beneficiary() {
    // [openboleto] openboleto/openboleto tests/Banco/CaixaTest.php
    // testInstantiatingShouldWorkWithSevenDigitBeneficiary: carteira RG, conta (beneficiário)
    // 1242119, sequencial 157460299, 2024-11-04, R$ 20,00 → nosso número 14000000157460299-6.
    // Their line's campo livre is 1242119 000 1 000 4 157460299 1: the 7-digit code takes
    // positions 1–7 and the beneficiary DV is gone, as Caixa's SIGCB barcode specification says
    // for codes from 1100000 on (p. 26, quoted in openboleto/openboleto#216).
    let i = caixa_beneficiario("RG", "1242119", "157460299", "2024-11-04", 2000);
    check(
        &i,
        V {
            campo_livre: None,
            barcode: None,
            linha: Some("10491.24215 19000.100040 15746.029915 1 98900000002000"),
        },
    );
}

#[test]
fn published_fator_values_after_the_reset() {
    // BoletoNet/boletonet src/Boleto.Net.Testes/FatorVencimentoTeste.cs and BoletoNet/boleto2net
    // Boleto2.Net.Testes/FatorVencimento.cs (2023-01-18 and 2025-03-12 from the first,
    // 2014-01-18, 2014-03-12 and 2017-01-21 from the second, the reset days from both).
    for (venc, fator) in [
        ("2025-02-21", 9999),
        ("2025-02-22", 1000),
        ("2025-02-23", 1001),
        ("2025-03-12", 1018),
        ("2023-01-18", 9234),
        ("2017-01-21", 7046),
        ("2014-03-12", 6000),
        ("2014-01-18", 5947),
    ] {
        assert_eq!(fator_vencimento(date(venc)).unwrap(), fator, "{venc}");
    }
}

#[test]
fn caixa_beneficiary_codes_between_the_two_ranges_are_refused() {
    // Six-digit codes end at 999999 and seven-digit ones start at 1100000 (see above).
    for code in ["1000000", "1099999", "12345678"] {
        let i = caixa_beneficiario("RG", code, "1", "2024-11-04", 2000);
        assert_eq!(
            generate(&i).unwrap_err().field,
            "codigo_beneficiario",
            "{code}"
        );
    }
    // A six-digit code written with a leading zero is still a six-digit code (with its DV).
    let padded = generate(&caixa_beneficiario(
        "RG",
        "0433756",
        "1",
        "2024-11-04",
        2000,
    ))
    .unwrap();
    let plain = generate(&caixa_beneficiario("RG", "433756", "1", "2024-11-04", 2000)).unwrap();
    assert_eq!(padded.campo_livre, plain.campo_livre);
}
