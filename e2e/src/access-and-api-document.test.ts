/**
 * Access, the API document and its clients: suites that use the platform only through its API, on one stack
 * (`sharedStack`), which starting and stopping a stack per suite would cost each of them. A suite that stops,
 * restarts or reconfigures a service, or reads what the whole stack shares (the review queue), has a file and a
 * stack of its own.
 */
import './suites/auth.suite';
import './suites/apps-me.suite';
import './suites/authorization-matrix.suite';
import './suites/api-client.suite';
import './suites/api-document.suite';
import './suites/api-reference.suite';
import './suites/quickstart.suite';
import './suites/security-headers.suite';
