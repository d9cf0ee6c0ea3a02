"""Schemathesis hooks for the backoffice API (loaded by scripts/schemathesis.sh).

- Every operation is called signed in as the run's SUPER_ADMIN (all flags), so denials do not hide the
  handlers; `signOut` gets a fresh session per call (it ends the session it is called with).
- Positive cases name records that exist (a client, a user, a file, a holiday the script created first),
  so "valid data must be accepted" is checked against real records, not answered 404.

Environment (set by the script): ST_BASE_URL, ST_ADMIN_EMAIL, ST_ADMIN_PASSWORD, ST_SIGNOUT_EMAIL,
ST_SIGNOUT_PASSWORD, ST_CLIENT_ID, ST_USER_UID, ST_FILE_ID, ST_HOLIDAY_DAY, ST_PERMISSION,
ST_CHART_ACCOUNT_ID, ST_COST_CENTER_ID, ST_BANK_ACCOUNT_ID, ST_SUPPLIER_ID, ST_SUPPLIER_ACCOUNT_ID,
ST_SUPPLIER_PIX_KEY_ID, ST_RECEIVABLE_ID, ST_INSTALLMENT_ID, ST_RECEIPT_INSTALLMENT_ID, ST_RECEIPT_ID,
ST_COLLECTION_AGREEMENT_ID, ST_PAYMENT_AGREEMENT_ID, ST_BOLETO_ID, ST_ATTACHMENT_ID, ST_PAYABLE_ID,
ST_PAYABLE_INSTALLMENT_ID, ST_PAYABLE_ATTACHMENT_ID, ST_OPPORTUNITY_ID, ST_CADENCE_ID, ST_ENROLLMENT_ID.
"""

import os
import random

import requests
import schemathesis

BASE = os.environ["ST_BASE_URL"]


def sign_in(email, password):
    # The run's own sign-ins come "from" an address of their own (the server trusts 127.0.0.1 as a proxy
    # here), so the fuzzed wrong sign-ins from 127.0.0.1 do not throttle them: the limit works as built.
    client = "10.%d.%d.%d" % (random.randrange(256), random.randrange(256), random.randrange(1, 255))
    answer = requests.post(
        f"{BASE}/api/v1/auth/sign-in",
        json={"email": email, "password": password},
        headers={"X-Forwarded-For": client},
        timeout=10,
    )
    answer.raise_for_status()
    return answer.json()["access_token"]


@schemathesis.auth(refresh_interval=600).skip_for(operation_id="signOut")
class Administrator:
    """One session for the whole run (access tokens live 15 minutes)."""

    def get(self, case, context):
        return sign_in(os.environ["ST_ADMIN_EMAIL"], os.environ["ST_ADMIN_PASSWORD"])

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.auth(refresh_interval=None).apply_to(operation_id="signOut")
class FreshSession:
    """A session of its own for each sign-out, which ends it."""

    def get(self, case, context):
        return sign_in(os.environ["ST_SIGNOUT_EMAIL"], os.environ["ST_SIGNOUT_PASSWORD"])

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


# Path templates whose parameters name a record the script created (or, for a permission, one whose
# holders nothing else in the run depends on: the route check answers "no" instead of 403).
# Removing a holiday is left out: its stateful link removes the holiday the run just added, and naming the
# script's holiday instead would remove that one twice (found as "created resource not found").
EXISTING = {
    "/api/v1/crm/clients/{id}": [("id", "ST_CLIENT_ID")],
    "/api/v1/crm/clients/{id}/archive": [("id", "ST_CLIENT_ID")],
    "/api/v1/crm/clients/{id}/restore": [("id", "ST_CLIENT_ID")],
    "/api/v1/crm/clients/{id}/history": [("id", "ST_CLIENT_ID")],
    "/api/v1/crm/clients/{id}/consents": [("id", "ST_CLIENT_ID")],
    "/api/v1/crm/users/{user_id}/payout": [("user_id", "ST_USER_UID")],
    "/api/v1/crm/opportunities/{id}": [("id", "ST_OPPORTUNITY_ID")],
    "/api/v1/crm/opportunities/{id}/move": [("id", "ST_OPPORTUNITY_ID")],
    "/api/v1/crm/opportunities/{id}/lose": [("id", "ST_OPPORTUNITY_ID")],
    "/api/v1/crm/opportunities/{id}/history": [("id", "ST_OPPORTUNITY_ID")],
    # The script's activity: completed by the first positive case that completes it, already done (409) after.
    "/api/v1/crm/activities/{id}": [("id", "ST_ACTIVITY_ID")],
    "/api/v1/crm/activities/{id}/complete": [("id", "ST_ACTIVITY_ID")],
    "/api/v1/crm/activities/{id}/history": [("id", "ST_ACTIVITY_ID")],
    # The script's cadence and its enrollment of the script's client.
    "/api/v1/crm/cadences/{id}": [("id", "ST_CADENCE_ID")],
    "/api/v1/crm/cadences/{id}/enrollments": [("id", "ST_CADENCE_ID")],
    "/api/v1/crm/cadences/enrollments/{id}/pause": [("id", "ST_ENROLLMENT_ID")],
    "/api/v1/crm/cadences/enrollments/{id}/resume": [("id", "ST_ENROLLMENT_ID")],
    "/api/v1/crm/cadences/enrollments/{id}/end": [("id", "ST_ENROLLMENT_ID")],
    "/api/v1/users/{uid}": [("uid", "ST_USER_UID")],
    "/api/v1/users/{uid}/deactivate": [("uid", "ST_USER_UID")],
    "/api/v1/users/{uid}/reset-password": [("uid", "ST_USER_UID")],
    "/api/v1/users/{uid}/permissions": [("uid", "ST_USER_UID")],
    "/api/v1/users/{uid}/history": [("uid", "ST_USER_UID")],
    "/api/v1/users/{uid}/permissions/{code}": [("uid", "ST_USER_UID"), ("code", "ST_PERMISSION")],
    "/api/v1/permissions/{code}": [("code", "ST_PERMISSION")],
    "/api/v1/system/files/{id}": [("id", "ST_FILE_ID")],
    "/api/v1/finance/chart-accounts/{id}": [("id", "ST_CHART_ACCOUNT_ID")],
    "/api/v1/finance/cost-centers/{id}": [("id", "ST_COST_CENTER_ID")],
    "/api/v1/finance/bank-accounts/{id}": [("id", "ST_BANK_ACCOUNT_ID")],
    "/api/v1/finance/suppliers/{id}": [("id", "ST_SUPPLIER_ID")],
    "/api/v1/finance/suppliers/{id}/history": [("id", "ST_SUPPLIER_ID")],
    "/api/v1/finance/suppliers/{id}/bank-accounts": [("id", "ST_SUPPLIER_ID")],
    "/api/v1/finance/suppliers/{id}/pix-keys": [("id", "ST_SUPPLIER_ID")],
    "/api/v1/finance/suppliers/{id}/bank-data/confirm": [("id", "ST_SUPPLIER_ID")],
    # The script's account and key: removed by the first positive case, gone (404) for the next ones.
    "/api/v1/finance/suppliers/{id}/bank-accounts/{account_id}": [
        ("id", "ST_SUPPLIER_ID"),
        ("account_id", "ST_SUPPLIER_ACCOUNT_ID"),
    ],
    "/api/v1/finance/suppliers/{id}/pix-keys/{key_id}": [
        ("id", "ST_SUPPLIER_ID"),
        ("key_id", "ST_SUPPLIER_PIX_KEY_ID"),
    ],
    "/api/v1/finance/receivables/{id}": [("id", "ST_RECEIVABLE_ID")],
    "/api/v1/stock/dispatches/{id}": [("id", "ST_DISPATCH_ID")],
    "/api/v1/stock/dispatches/{id}/approve": [("id", "ST_DISPATCH_ID")],
    "/api/v1/stock/dispatches/{id}/reject": [("id", "ST_DISPATCH_ID")],
    "/api/v1/stock/dispatches/{id}/start-picking": [("id", "ST_DISPATCH_ID")],
    "/api/v1/stock/dispatches/{id}/picks": [("id", "ST_DISPATCH_ID")],
    "/api/v1/stock/dispatches/{id}/ship": [("id", "ST_DISPATCH_ID")],
    "/api/v1/stock/dispatches/{id}/receive": [("id", "ST_DISPATCH_ID")],
    "/api/v1/stock/dispatches/{id}/resolve": [("id", "ST_DISPATCH_ID")],
    "/api/v1/finance/receivables/{id}/history": [("id", "ST_RECEIVABLE_ID")],
    "/api/v1/finance/receivables/installments/{id}": [("id", "ST_INSTALLMENT_ID")],
    "/api/v1/finance/receivables/installments/{id}/history": [("id", "ST_INSTALLMENT_ID")],
    "/api/v1/finance/receivables/installments/{id}/receipts": [("id", "ST_INSTALLMENT_ID")],
    "/api/v1/finance/receivables/installments/{id}/extend": [("id", "ST_INSTALLMENT_ID")],
    "/api/v1/finance/receivables/installments/{id}/cancel": [("id", "ST_INSTALLMENT_ID")],
    "/api/v1/finance/receivables/installments/{id}/write-off": [("id", "ST_INSTALLMENT_ID")],
    "/api/v1/finance/receivables/installments/{id}/write-off/revert": [("id", "ST_INSTALLMENT_ID")],
    "/api/v1/finance/receivables/installments/{id}/attachments": [("id", "ST_INSTALLMENT_ID")],
    # The script's attachment: removed by the first positive case that names it, already removed (409) after.
    "/api/v1/finance/receivables/installments/{id}/attachments/{attachment_id}": [
        ("id", "ST_INSTALLMENT_ID"),
        ("attachment_id", "ST_ATTACHMENT_ID"),
    ],
    "/api/v1/finance/receivables/installments/{id}/attachments/{attachment_id}/remove": [
        ("id", "ST_INSTALLMENT_ID"),
        ("attachment_id", "ST_ATTACHMENT_ID"),
    ],
    "/api/v1/finance/collection-agreements/{id}": [("id", "ST_COLLECTION_AGREEMENT_ID")],
    "/api/v1/finance/collection-agreements/{id}/history": [("id", "ST_COLLECTION_AGREEMENT_ID")],
    "/api/v1/finance/payment-agreements/{id}": [("id", "ST_PAYMENT_AGREEMENT_ID")],
    "/api/v1/finance/payment-agreements/{id}/history": [("id", "ST_PAYMENT_AGREEMENT_ID")],
    "/api/v1/finance/boletos/{id}": [("id", "ST_BOLETO_ID")],
    "/api/v1/finance/boletos/{id}/pdf": [("id", "ST_BOLETO_ID")],
    # An EMITIDO boleto: instructions are 422 (only REGISTRADO ones take them).
    "/api/v1/finance/boletos/{id}/instructions": [("id", "ST_BOLETO_ID")],
    "/api/v1/finance/payables/{id}": [("id", "ST_PAYABLE_ID")],
    "/api/v1/finance/payables/{id}/history": [("id", "ST_PAYABLE_ID")],
    "/api/v1/finance/payables/{id}/request-approval": [("id", "ST_PAYABLE_ID")],
    "/api/v1/finance/payables/{id}/approve": [("id", "ST_PAYABLE_ID")],
    "/api/v1/finance/payables/{id}/send-back": [("id", "ST_PAYABLE_ID")],
    "/api/v1/finance/payables/{id}/duplicate": [("id", "ST_PAYABLE_ID")],
    "/api/v1/finance/payables/{id}/attachments": [("id", "ST_PAYABLE_ID")],
    # As the installment's: removed by the first positive case that names it, already removed (409) after.
    "/api/v1/finance/payables/{id}/attachments/{attachment_id}": [
        ("id", "ST_PAYABLE_ID"),
        ("attachment_id", "ST_PAYABLE_ATTACHMENT_ID"),
    ],
    "/api/v1/finance/payables/{id}/attachments/{attachment_id}/remove": [
        ("id", "ST_PAYABLE_ID"),
        ("attachment_id", "ST_PAYABLE_ATTACHMENT_ID"),
    ],
    "/api/v1/finance/payables/installments/{id}": [("id", "ST_PAYABLE_INSTALLMENT_ID")],
    "/api/v1/finance/payables/installments/{id}/history": [("id", "ST_PAYABLE_INSTALLMENT_ID")],
    "/api/v1/finance/payables/installments/{id}/schedule": [("id", "ST_PAYABLE_INSTALLMENT_ID")],
    "/api/v1/finance/payables/installments/{id}/payments": [("id", "ST_PAYABLE_INSTALLMENT_ID")],
    # The script's receipt: reversed by the first positive case that names it, already reversed (409) after.
    "/api/v1/finance/receivables/installments/{id}/receipts/{receipt_id}/reverse": [
        ("id", "ST_RECEIPT_INSTALLMENT_ID"),
        ("receipt_id", "ST_RECEIPT_ID"),
    ],
}


@schemathesis.hook
def before_call(context, case, kwargs):
    """Positive cases of every phase name existing records; negative ones keep their invalid ones."""
    meta = getattr(case, "meta", None)
    if meta is None or not meta.generation.mode.is_positive:
        return
    target = EXISTING.get(case.operation.path)
    if target and case.path_parameters is not None:
        for name, variable in target:
            case.path_parameters[name] = os.environ[variable]


def _has_nul(value):
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(_has_nul(v) for v in value)
    return False


# A NUL character in any string is refused by design, in one place, before any operation (422 naming the
# field: platform::api::host::refuse_nul, tested on both engines in crates/server/tests/hardening.rs). The
# OpenAPI schema of a plain string cannot say so, so the run does not send NULs as "valid data".
@schemathesis.hook
def filter_query(context, query):
    return not _has_nul(query)


@schemathesis.hook
def filter_body(context, body):
    return not _has_nul(body)


@schemathesis.hook
def filter_path_parameters(context, path_parameters):
    return not _has_nul(path_parameters)
