/**
 * Consents, shares, sequencing and statement imports: suites that use the platform only through its API, on one stack
 * (`sharedStack`), which starting and stopping a stack per suite would cost each of them. A suite that stops,
 * restarts or reconfigures a service, or reads what the whole stack shares (the review queue), has a file and a
 * stack of its own.
 */
import './suites/consents.suite';
import './suites/shares.suite';
import './suites/sequencing.suite';
import './suites/consent-erasure.suite';
import './suites/statement-imports.suite';
import './suites/idempotent-creates.suite';
