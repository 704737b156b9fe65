"""Schemathesis hooks for the API fuzzing test (e2e/src/api-fuzz.test.ts).

The API document is JSON Schema, which cannot compare two fields' values, nor state a rule that depends
on data the server holds (the rules it can state, such as exactly one kind of analysis input or no NUL
character anywhere, are in the document). A request that breaks only such a rule is schema-valid, yet the API rightly
answers it with a 400 problem naming the field (docs/decisions.md). Here, and only here, the
positive_data_acceptance check lets such a 400 pass: every field the problem names must be one listed
for that operation, with a message that states that rule. So does the 422 for an Idempotency-Key that an
earlier generated request used with another body. Any other rejection of a schema-valid request still
fails the run. The stateful check that a created resource can be found lets one case through: a create
replayed for a key seen before answers the first request's resource, which a later generated request may
have deleted.
"""

import json
import re

import schemathesis

# "METHOD /path" -> field the 400 names (list indexes as []) -> a fragment of each message stating the rule.
RULES_JSON_SCHEMA_CANNOT_STATE = {
    # Two query parameters compared.
    "GET /accounts/{id}/transactions": {"dateFrom": "must not be after dateTo"},
    # Rules across fields of the body (spec 2.5).
    # (Exactly one kind of Input, CountryCode with engine e1 and kvk_number with profile corporate are in the
    # document: oneOf and if/then.)
    "POST /analysis-jobs": {
        # The IBAN's check digits (mod 97).
        "Metadata.internal_ibans[]": "is not a valid IBAN",
        # Data the server holds: the app's earlier jobs.
        "Input.analysisJobIds[]": "does not exist or is not accessible to this app",
    },
    # The IBAN's check digits (mod 97), as for an analysis job's internal_ibans; ids unique across the batch
    # (uniqueItems compares whole items, not one property of them).
    "POST /enrich/transactions": {"ownIbans[]": "is not a valid IBAN", "transactions[].id": "ids must be unique in a request"},
    # Data the server holds: the providers GET /providers lists, and the redirect URLs the app registered; an XS2A
    # provider (one an operator added) needs the user's IP address, which other providers do not.
    "POST /consents": {"providerKey": "GET /providers lists the providers", "redirectUrl": "registered redirect URLs", "psuIpAddress": "field is required for"},
    # A certificate or key must be one (PEM that parses), or a file the consent service can read: neither a schema can say.
    "POST /admin/providers": {
        "tls.clientCertificate": "cannot be used",
        "tls.clientKey": "cannot be used",
        "tls.caBundle": "cannot be used",
        "signing.certificate": "cannot be used",
        "signing.key": "cannot be used",
    },
    # The same for a bank's new configuration; and its providerKey must be the one in the path (a field compared with
    # a path parameter).
    "PUT /admin/providers/{providerKey}": {
        "providerKey": "must be the one in the path",
        "tls.clientCertificate": "cannot be used",
        "tls.clientKey": "cannot be used",
        "tls.caBundle": "cannot be used",
        "signing.certificate": "cannot be used",
        "signing.key": "cannot be used",
    },
    # The length of a registered redirect URL as stored: the URL parser's normalisation (percent-encoding, punycode,
    # the path's "/") may lengthen one the document's maxLength allows.
    "POST /admin/clients": {"redirectUrls[]": "characters once normalised"},
    "PUT /apps/me": {"redirectUrls[]": "characters once normalised"},
    # A correction must change something: target category and flags differ from the original. JSON Schema
    # cannot compare two fields; categories are open below the canonical ones and flags compare as sets.
    "POST /v2/categorization-feedback": {"targetCategory": "must differ from the original"},
}


def _states_only_listed_rules(label: str, status: int, content: bytes) -> bool:
    rules = RULES_JSON_SCHEMA_CANNOT_STATE.get(label)
    if not rules or status != 400:
        return False
    try:
        errors = json.loads(content).get("errors") or {}
    except (ValueError, AttributeError):
        return False
    if not errors:
        return False
    for field, messages in errors.items():
        fragment = rules.get(re.sub(r"\[\d+\]", "[]", field))
        if fragment is None or not messages or not all(fragment in message for message in messages):
            return False
    return True


def _reused_idempotency_key(case, status: int, content: bytes) -> bool:
    """422 for an Idempotency-Key sent before with another body: generated keys repeat, and the answer depends on that history."""
    if status != 422 or not any(name.lower() == "idempotency-key" for name in (case.headers or {})):
        return False
    try:
        return list((json.loads(content).get("errors") or {}).keys()) == ["Idempotency-Key"]
    except (ValueError, AttributeError):
        return False


# Ids in answers replayed for an Idempotency-Key seen before: the resource the first request made, which a
# generated request may have deleted since (Stripe's rule: the replay is the first answer, as it was).
REPLAYED_IDS = set()


def _ids_in(body) -> set:
    found = set()
    if isinstance(body, dict):
        for value in [*body.values(), *(body.get("data").values() if isinstance(body.get("data"), dict) else [])]:
            if isinstance(value, str):
                found.add(value)
    return found


@schemathesis.hook
def after_call(context, case, response):
    if response.headers.get("idempotent-replayed") != ["true"]:
        return
    try:
        REPLAYED_IDS.update(_ids_in(json.loads(response.content)))
    except ValueError:
        pass


@schemathesis.hook
def filter_failure(context, failure, case, response):
    code = getattr(failure, "code", None)
    if code == "ST302":
        return not any(str(value) in REPLAYED_IDS for value in (case.path_parameters or {}).values())
    if code != "ST202":
        return True
    status, content = response.status_code, response.content
    return not (_states_only_listed_rules(case.operation.label, status, content) or _reused_idempotency_key(case, status, content))
