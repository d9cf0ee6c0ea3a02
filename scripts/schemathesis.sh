#!/usr/bin/env bash
# schemathesis over every operation of openapi/openapi.json against the real server, on SQLite and on
# PostgreSQL (a fresh database each), sign-in and sign-out included. Every check is on; what counts as
# "valid data accepted" is in scripts/schemathesis/schemathesis.toml (with the reason for each
# exception), the sessions and the records positive cases name in scripts/schemathesis/hooks.py.
# Fails on any server error, schema violation, undocumented response or refused valid data.
#
#   scripts/schemathesis.sh PATH_TO_BACKOFFICE_BINARY
#   env: MAX_EXAMPLES (30), ENGINES ("sqlite postgres"; in CI always both)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
BIN=$(realpath "${1:?usage: scripts/schemathesis.sh BACKOFFICE_BINARY}")
ensure_schemathesis
engines=${ENGINES:-sqlite postgres}
if in_ci; then engines="sqlite postgres"; fi

ADMIN_PASSWORD='Schema@2026'
export ST_ADMIN_EMAIL=st@teste.com.br ST_ADMIN_PASSWORD=$ADMIN_PASSWORD
export ST_SIGNOUT_EMAIL=sair@teste.com.br ST_SIGNOUT_PASSWORD=$ADMIN_PASSWORD

# POST/GET JSON with the admin's token; prints the answer.
api() {
  local method=$1 path=$2 body=${3:-}
  curl -sf -X "$method" "$SERVER_URL$path" -H "Authorization: Bearer $TOKEN" \
    ${body:+-H 'content-type: application/json' -d "$body"}
}
json_field() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

# The users and the records the run's positive cases name (hooks.py reads them from the environment).
prepare() {
  "$BIN" users create --email "$ST_ADMIN_EMAIL" --name Schemathesis --role SUPER_ADMIN --password "$ADMIN_PASSWORD" \
    --can-see-conciliation --can-see-dispatch --can-approval-dispatch --access-hub --password-updated >/dev/null
  "$BIN" users create --email "$ST_SIGNOUT_EMAIL" --name Sair --role SALESPERSON --password "$ADMIN_PASSWORD" \
    --password-updated >/dev/null
  TOKEN=$(curl -sf "$SERVER_URL/api/v1/auth/sign-in" -H 'content-type: application/json' \
    -d "{\"email\":\"$ST_ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" | json_field '["access_token"]')
  export ST_BASE_URL=$SERVER_URL
  ST_CLIENT_ID=$(api POST /api/v1/crm/clients \
    '{"kind":"company","document":"11.222.333/0001-81","name":"Cliente Schemathesis"}' | json_field '["id"]')
  ST_ACTIVITY_ID=$(api POST /api/v1/crm/activities \
    "{\"kind\":\"ligacao\",\"subject\":\"Atividade Schemathesis\",\"due_at\":\"2026-12-01T13:00:00Z\",\"client_id\":\"$ST_CLIENT_ID\"}" \
    | json_field '["id"]')
  export ST_ACTIVITY_ID
  ST_USER_UID=$(api POST /api/v1/users \
    '{"email":"alvo@teste.com.br","name":"Alvo","role":"SALESPERSON","password":"Alvo@2026xyz"}' | json_field '["uid"]')
  # That salesperson's CRM profile, whose payout the profile operations name.
  api POST /api/v1/crm/users "{\"user_id\":\"$ST_USER_UID\",\"display_name\":\"Alvo\",\"employment\":\"clt\"}" >/dev/null
  # An opportunity of that salesperson, which the funnel's operations name.
  ST_OPPORTUNITY_ID=$(api POST /api/v1/crm/opportunities \
    "{\"title\":\"Oportunidade Schemathesis\",\"client_id\":\"$ST_CLIENT_ID\",\"owner_id\":\"$ST_USER_UID\",\"source\":\"site\"}" \
    | json_field '["id"]')
  # A global cadence (one WhatsApp step) with the script's client enrolled (who consented to WhatsApp).
  api POST "/api/v1/crm/clients/$ST_CLIENT_ID/consents" '{"channel":"whatsapp","granted":true,"source":"schemathesis"}' >/dev/null
  ST_CADENCE_ID=$(api POST /api/v1/crm/cadences \
    '{"name":"Cadência Schemathesis","steps":[{"day_offset":1,"window_start":"09:00","window_end":"12:00","channel":"whatsapp","template":"Oi, {primeiro_nome}!"}]}' \
    | json_field '["id"]')
  ST_ENROLLMENT_ID=$(api POST "/api/v1/crm/cadences/$ST_CADENCE_ID/enrollments" "{\"client_ids\":[\"$ST_CLIENT_ID\"]}" \
    | json_field '[0]["id"]')
  export ST_CADENCE_ID ST_ENROLLMENT_ID
  ST_HOLIDAY_DAY=2026-07-09
  api POST /api/v1/system/holidays "{\"day\":\"$ST_HOLIDAY_DAY\",\"name\":\"Revolução Constitucionalista\"}" >/dev/null
  ST_FILE_ID=$(printf '%%PDF-1.4\n%% schemathesis\n' | curl -sf "$SERVER_URL/api/v1/system/files" \
    -H "Authorization: Bearer $TOKEN" -F 'file=@-;filename=anexo.pdf' | json_field '["id"]')
  ST_PERMISSION=remessa_cobranca
  ST_CHART_ACCOUNT_ID=$(api POST /api/v1/finance/chart-accounts \
    '{"code":"9","name":"Conta Schemathesis","nature":"RECEITA","kind":"SINTETICA"}' | json_field '["id"]')
  ST_COST_CENTER_ID=$(api POST /api/v1/finance/cost-centers '{"code":"ST","name":"Centro Schemathesis"}' | json_field '["id"]')
  ST_BANK_ACCOUNT_ID=$(api POST /api/v1/finance/bank-accounts '{"nickname":"Conta Schemathesis","bank":"341","agency":"1","account":"1","account_digit":"1","opening_date":"2026-01-01"}' | json_field '["id"]')
  # A supplier with a bank account and a PIX key the removals name, and one account a financial assistant added
  # (pending), so the run's super administrator has something to confirm.
  ST_SUPPLIER_ID=$(api POST /api/v1/finance/suppliers '{"document":"529.982.247-25","name":"Fornecedor Schemathesis"}' | json_field '["id"]')
  ST_SUPPLIER_ACCOUNT_ID=$(api POST "/api/v1/finance/suppliers/$ST_SUPPLIER_ID/bank-accounts" \
    '{"bank":"341","agency":"1","account":"1","account_digit":"1","account_type":"CORRENTE","holder_name":"Fornecedor Schemathesis","holder_document":"52998224725"}' \
    | json_field '["bank_accounts"][0]["id"]')
  ST_SUPPLIER_PIX_KEY_ID=$(api POST "/api/v1/finance/suppliers/$ST_SUPPLIER_ID/pix-keys" '{"key_type":"CPF","key":"52998224725"}' \
    | json_field '["pix_keys"][0]["id"]')
  "$BIN" users create --email assistente@teste.com.br --name Assistente --role FINANCIAL_ASSISTANT \
    --password "$ADMIN_PASSWORD" --password-updated >/dev/null
  local assistant
  assistant=$(curl -sf "$SERVER_URL/api/v1/auth/sign-in" -H 'content-type: application/json' \
    -d "{\"email\":\"assistente@teste.com.br\",\"password\":\"$ADMIN_PASSWORD\"}" | json_field '["access_token"]')
  curl -sf -X POST "$SERVER_URL/api/v1/finance/suppliers/$ST_SUPPLIER_ID/bank-accounts" -H "Authorization: Bearer $assistant" \
    -H 'content-type: application/json' \
    -d '{"bank":"237","agency":"2","account":"2","account_digit":"2","account_type":"POUPANCA","holder_name":"Fornecedor Schemathesis","holder_document":"52998224725"}' >/dev/null
  # A título a receber of the run's client in three installments: the first open (the commands name it), the
  # second with a receipt the reversal names.
  local revenue
  revenue=$(api POST /api/v1/finance/chart-accounts \
    '{"code":"9.1","name":"Receita Schemathesis","nature":"RECEITA","kind":"ANALITICA"}' | json_field '["id"]')
  local receivable
  receivable=$(api POST /api/v1/finance/receivables "{\"client_id\":\"$ST_CLIENT_ID\",\"description\":\"Título Schemathesis\",\"chart_account_id\":\"$revenue\",\"issue_date\":\"2026-01-01\",\"total_cents\":300000,\"installments\":3,\"first_due\":\"2026-02-01\",\"bank_account_id\":\"$ST_BANK_ACCOUNT_ID\"}")
  ST_RECEIVABLE_ID=$(echo "$receivable" | json_field '["id"]')
  ST_INSTALLMENT_ID=$(echo "$receivable" | json_field '["installments"][0]["id"]')
  ST_RECEIPT_INSTALLMENT_ID=$(echo "$receivable" | json_field '["installments"][1]["id"]')
  ST_RECEIPT_ID=$(api POST "/api/v1/finance/receivables/installments/$ST_RECEIPT_INSTALLMENT_ID/receipts" \
    "{\"version\":1,\"date\":\"2026-01-15\",\"amount_cents\":1000,\"bank_account_id\":\"$ST_BANK_ACCOUNT_ID\",\"method\":\"PIX\"}" \
    | json_field '["receipts"][0]["id"]')
  ST_ATTACHMENT_ID=$(printf '%%PDF-1.4\n%% comprovante\n' | curl -sf "$SERVER_URL/api/v1/finance/receivables/installments/$ST_INSTALLMENT_ID/attachments" \
    -H "Authorization: Bearer $TOKEN" -F 'file=@-;filename=comprovante.pdf' | json_field '["id"]')
  export ST_ATTACHMENT_ID
  # Convênios (an Itaú account whose DAC the bank accepts) and a boleto of a client with a full address.
  local cobranca payer boleto_title
  cobranca=$(api POST /api/v1/finance/bank-accounts '{"nickname":"Cobrança Schemathesis","bank":"341","agency":"0912","account":"12345","account_digit":"2","opening_date":"2026-01-01"}' | json_field '["id"]')
  ST_COLLECTION_AGREEMENT_ID=$(api POST /api/v1/finance/collection-agreements "{\"bank_account_id\":\"$cobranca\",\"name\":\"Convênio Schemathesis\",\"beneficiary_name\":\"Schemathesis Ltda\",\"beneficiary_document\":\"11.444.777/0001-61\",\"beneficiary_code\":\"12345\",\"carteira\":\"109\",\"layout\":\"CNAB400\",\"nosso_numero_first\":1,\"nosso_numero_last\":99999999}" | json_field '["id"]')
  ST_PAYMENT_AGREEMENT_ID=$(api POST /api/v1/finance/payment-agreements "{\"bank_account_id\":\"$cobranca\",\"name\":\"SISPAG Schemathesis\",\"code\":\"123456\",\"methods\":[\"TED\",\"PIX\"]}" | json_field '["id"]')
  payer=$(api POST /api/v1/crm/clients \
    '{"kind":"company","document":"45.723.174/0001-10","name":"Pagador Schemathesis","address":{"cep":"01310-100","street":"Avenida Paulista","number":"1000","district":"Bela Vista","city":"São Paulo","state":"SP"}}' | json_field '["id"]')
  boleto_title=$(api POST /api/v1/finance/receivables "{\"client_id\":\"$payer\",\"description\":\"Título com boleto\",\"chart_account_id\":\"$revenue\",\"issue_date\":\"2026-01-01\",\"total_cents\":100000,\"installments\":1,\"first_due\":\"2030-01-10\"}" | json_field '["installments"][0]["id"]')
  ST_BOLETO_ID=$(api POST /api/v1/finance/boletos/issue "{\"installment_ids\":[\"$boleto_title\"],\"agreement_id\":\"$ST_COLLECTION_AGREEMENT_ID\"}" | json_field '["items"][0]["id"]')
  # A payable (draft) of the script's supplier and its installment.
  local expense payable
  api POST /api/v1/finance/chart-accounts '{"code":"98","name":"Despesas Schemathesis","nature":"DESPESA","kind":"SINTETICA"}' >/dev/null
  expense=$(api POST /api/v1/finance/chart-accounts \
    '{"code":"98.1","name":"Despesa Schemathesis","kind":"ANALITICA"}' | json_field '["id"]')
  payable=$(api POST /api/v1/finance/payables "{\"supplier_id\":\"$ST_SUPPLIER_ID\",\"description\":\"Conta Schemathesis\",\"chart_account_id\":\"$expense\",\"competence\":\"2026-01\",\"issue_date\":\"2026-01-01\",\"total_cents\":50000,\"installments\":[{\"due_date\":\"2026-02-01\",\"payment_method\":\"DINHEIRO\"}]}")
  ST_PAYABLE_ID=$(echo "$payable" | json_field '["id"]')
  ST_PAYABLE_INSTALLMENT_ID=$(echo "$payable" | json_field '["installments"][0]["id"]')
  ST_PAYABLE_ATTACHMENT_ID=$(printf '%%PDF-1.4\n%% nota\n' | curl -sf "$SERVER_URL/api/v1/finance/payables/$ST_PAYABLE_ID/attachments" \
    -H "Authorization: Bearer $TOKEN" -F 'file=@-;filename=nota.pdf' | json_field '["id"]')
  export ST_PAYABLE_ID ST_PAYABLE_INSTALLMENT_ID ST_PAYABLE_ATTACHMENT_ID
  # A dispatch from the central warehouse to a clinic, which the dispatch operations name (the run's super
  # administrator requested it, so approving or rejecting it is 403: never one's own request).
  local st_unit st_central st_clinic st_material
  st_unit=$(api POST /api/v1/system/units '{"code":"CLI-ST","name":"Clínica Schemathesis","active":true}' | json_field '["id"]')
  st_central=$(api POST /api/v1/stock/locations '{"code":"CENTRAL-ST","name":"Central Schemathesis","kind":"CENTRAL"}' | json_field '["id"]')
  st_clinic=$(api POST /api/v1/stock/locations "{\"code\":\"CLI-ST\",\"name\":\"Clínica Schemathesis\",\"kind\":\"CLINIC\",\"unit_id\":\"$st_unit\"}" | json_field '["id"]')
  st_material=$(api POST /api/v1/stock/materials '{"sku":"ST-DSP-1","name":"Material Schemathesis","base_uom":"UN"}' | json_field '["id"]')
  api POST /api/v1/stock/movements "{\"kind\":\"MISC_IN\",\"material_id\":\"$st_material\",\"location_id\":\"$st_central\",\"qty_milli\":100000,\"unit_cost_micro\":1000000,\"reason\":\"Estoque inicial Schemathesis\"}" >/dev/null
  ST_DISPATCH_ID=$(api POST /api/v1/stock/dispatches "{\"clinic_location_id\":\"$st_clinic\",\"lines\":[{\"material_id\":\"$st_material\",\"qty_milli\":5000}]}" | json_field '["id"]')
  export ST_DISPATCH_ID
  export ST_OPPORTUNITY_ID
  export ST_CLIENT_ID ST_USER_UID ST_HOLIDAY_DAY ST_FILE_ID ST_PERMISSION ST_CHART_ACCOUNT_ID ST_COST_CENTER_ID ST_BANK_ACCOUNT_ID \
    ST_SUPPLIER_ID ST_SUPPLIER_ACCOUNT_ID ST_SUPPLIER_PIX_KEY_ID ST_RECEIVABLE_ID ST_INSTALLMENT_ID ST_RECEIPT_INSTALLMENT_ID \
    ST_RECEIPT_ID ST_COLLECTION_AGREEMENT_ID ST_PAYMENT_AGREEMENT_ID ST_BOLETO_ID
}

# One run of schemathesis against the server at SERVER_URL; a one-line summary from its report.
run_st() {
  local engine=$1 out="$PWD/target/schemathesis/$1"
  rm -rf "$out" && mkdir -p "$out"
  cp scripts/schemathesis/schemathesis.toml "$out/"   # st reads its configuration from the cwd
  local rc=0
  (cd "$out" && PYTHONPATH="$PWD/../../../scripts/schemathesis" SCHEMATHESIS_HOOKS=hooks \
    "$ST_VENV/bin/st" run "$OLDPWD/openapi/openapi.json" --url "$SERVER_URL" \
      --checks all --max-examples "${MAX_EXAMPLES:-30}" --seed 42 --workers 1 \
      --report json --report-json-path "$out/report.json" --no-color >"$out/output.txt" 2>&1) || rc=$?
  summarize "$engine" "$out" || true
  if [ "$rc" != 0 ]; then
    echo "schemathesis found failures on $engine; details:" >&2
    tail -80 "$out/output.txt" >&2
  fi
  return "$rc"
}

summarize() {
  python3 - "$1" "$2/report.json" <<'PY'
import json, sys
engine, path = sys.argv[1], sys.argv[2]
try:
    d = json.load(open(path))
except OSError:
    print(f"schemathesis ({engine}): no report"); sys.exit(1)
o, t = d["operations"], d["test_cases"]
fails = d.get("failures", [])
kinds = ", ".join("%s %s x%d" % (f["code"], f["title"], f["count"]) for f in fails)
print("schemathesis %s (%s): operations %d/%d tested, %d errored | %d cases | failures=%d | %.1fs%s" % (
    d["schemathesis_version"], engine, o["tested"], o["selected"], o["errored"], t["generated"],
    sum(f.get("count", 0) for f in fails), d["running_time"], (" [" + kinds + "]") if kinds else ""))
PY
}

# One engine: a fresh database and server, the records, the run; in a subshell, so the engines run side by side
# (each with its own server, token and environment) and the step takes the longer of the two, not their sum.
one_engine() {
  local engine=$1 dir db_url=""
  dir=$(mktemp -d)
  if [ "$engine" = postgres ]; then
    db_url=$(new_pg_database st)
  fi
  # 127.0.0.1 is a trusted proxy here, so hooks.py's sign-ins can name a client address of their own.
  BACKOFFICE_TRUSTED_PROXIES=127.0.0.1 start_server "$BIN" "$dir" "$db_url"
  local rc=0
  prepare
  run_st "$engine" || rc=1
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  [ -n "$db_url" ] && drop_pg_database "$db_url"
  rm -rf "$dir"
  return "$rc"
}

pids=()
for engine in $engines; do
  if [ "$engine" = postgres ] && ! postgres_up; then
    if in_ci; then echo "PostgreSQL is required in CI" >&2; exit 1; fi
    echo "!!! PostgreSQL is down: schemathesis on PostgreSQL SKIPPED" >&2; continue
  fi
  ( one_engine "$engine" ) &
  pids+=("$!")
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit "$status"
