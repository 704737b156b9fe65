/**
 * Enrichment, analysis jobs and the effect of accepted feedback: suites that use the platform only through its API,
 * on one stack (`sharedStack`), which starting and stopping a stack per suite would cost each of them. Enrichment
 * comes first: it counts the analysis database's documents. A suite that stops, restarts or reconfigures a service,
 * or reads what the whole stack shares (the review queue), has a file and a stack of its own.
 */
import './suites/enrich-transactions.suite';
import './suites/analysis-jobs.suite';
import './suites/analysis-erasure.suite';
import './suites/feedback-effect.suite';
// The app dashboard in the browser, over its own apps' data on this stack.
import './suites/app-dashboard.suite';
