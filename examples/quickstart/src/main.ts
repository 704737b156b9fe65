/**
 * The quickstart: from a client id and secret to a categorised analysis and a verified webhook.
 * Run it against a running stack (`npm start` in another terminal): `npm run quickstart`, or on a bank's
 * statement file instead of a sandbox bank: `npm run quickstart -- --statement FILE`.
 * docs/quickstart.md walks through it step by step.
 */
import { createPlatformClient } from '@obp/client';
import { AppServer } from './app-server';
import { approveAtSandboxBank } from './sandbox-bank-page';
import { readSettings } from './settings';
import { uploadStatement } from './statement-upload';
import { summarise } from './summary';

const step = (text: string) => console.log(`\n==> ${text}`);

async function main(): Promise<void> {
  const settings = readSettings();
  const api = createPlatformClient({ baseUrl: settings.baseUrl, clientId: settings.clientId, clientSecret: settings.clientSecret });

  // The app's own server: where the bank sends the user back, and where webhooks arrive.
  const app = new AppServer();
  const appUrl = await app.start();
  try {
    step(`Registering a webhook endpoint at ${appUrl}/webhooks`);
    const { data: endpoint } = await api.POST('/webhooks', {
      body: { url: `${appUrl}/webhooks`, events: ['transactions.fetched', 'analysis-job.completed', 'analysis-job.failed'], description: 'quickstart' },
    });
    app.useSecret(endpoint.data.secret);
    try {
      let consentId: string;
      let providerKey: string;
      if (settings.statementFile) {
        providerKey = 'statement-upload';
        step(`Creating a statement-upload consent and uploading ${settings.statementFile}`);
        consentId = await uploadStatement(api, settings.statementFile, (line) => console.log(`    ${line}`));
      } else {
        providerKey = 'sandbox-retail';
        step('Creating a consent on the sandbox bank sandbox-retail');
        const { data: consent } = await api.POST('/consents', {
          body: { providerKey, redirectUrl: `${appUrl}/consent-done`, externalUserId: 'quickstart-user' },
        });
        consentId = consent.consentId;
        console.log(`    consent ${consent.consentId}; the user opens ${consent.consentUrl}`);

        step('Approving it at the bank, as the user would in a browser');
        const returnedTo = await approveAtSandboxBank(consent.consentUrl!);
        console.log(`    the bank sent the user back to ${returnedTo.pathname} with status ${returnedTo.searchParams.get('status')}`);
        await fetch(returnedTo);
      }

      step('Waiting for the transactions.fetched webhook');
      const fetched = await app.next(['transactions.fetched'], (event) => event.data.consentId === consentId);
      console.log(`    verified webhook: ${fetched.data.addedTransactionsCount} transactions fetched`);

      step('Running an e1 analysis job');
      const { data: job } = await api.POST('/analysis-jobs', {
        body: { Reference: 'quickstart', Engine: 'e1', Profile: 'retail', CountryCode: 'nl', Input: { consentIds: [consentId] } },
      });
      console.log(`    job ${job.id}`);
      const done = await app.next(['analysis-job.completed', 'analysis-job.failed'], (event) => event.data.analysisJobId === job.id);
      if (done.type === 'analysis-job.failed') throw new Error(`the analysis job failed: ${JSON.stringify(done.data)}`);
      console.log('    verified webhook: analysis-job.completed');

      const { data: result } = await api.GET('/analysis-jobs/{id}/result', { params: { path: { id: job.id } } });
      step('Summary');
      console.log(summarise(result.data));

      step('Correcting one category (feedback)');
      const expenses = (result.data.transactions ?? []).filter((t) => t.amount < 0);
      const corrected = expenses.find((t) => t.category === 'expenses.shopping') ?? expenses[0];
      if (!corrected) throw new Error('the analysis has no expense to correct');
      const original = await findTransaction(api, corrected.accountId, corrected.transactionId);
      const { data: feedback } = await api.POST('/v2/categorization-feedback', {
        body: {
          engine: 'e1',
          countryCode: 'nl',
          profile: 'retail',
          transactionId: original.id,
          accountId: original.accountId,
          amount: original.amount,
          currency: original.currency,
          description: original.description ?? '',
          counterpartDescription: original.counterpartName ?? '',
          counterpartAccountNumber: original.counterpartAccountNumber ?? '',
          providerKey,
          transactionType: original.transactionType ?? '',
          transactionTypeName: original.transactionTypeName ?? '',
          reasonCode: original.reasonCode,
          purposeCode: original.purposeCode,
          originalCategory: corrected.category,
          originalFlags: corrected.flags,
          targetCategory: corrected.category === 'expenses.groceries' ? 'expenses.shopping' : 'expenses.groceries',
          targetFlags: [],
          remark: 'Sent by the quickstart',
        },
      });
      const { data: item } = await api.GET('/v2/categorization-feedback/{id}', { params: { path: { id: feedback.data.id } } });
      console.log(`    feedback ${item.data.id} on "${original.counterpartName ?? original.description}": ${item.data.original.category} -> ${item.data.target.category}, ${item.data.status}`);
      console.log(`\nDone: ${app.deliveries} webhooks received, every one verified.`);
    } finally {
      await api.DELETE('/webhooks/{id}', { params: { path: { id: endpoint.data.id } } });
    }
  } finally {
    await app.stop();
  }
}

/** The transaction as the bank gave it (the feedback body repeats its details). */
async function findTransaction(api: ReturnType<typeof createPlatformClient>, accountId: string, transactionId: string) {
  for await (const transaction of api.paginate((page) => api.GET('/accounts/{id}/transactions', { params: { path: { id: accountId }, query: { page, pageSize: 200 } } }))) {
    if (transaction.id === transactionId) return transaction;
  }
  throw new Error(`transaction ${transactionId} is not in account ${accountId}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
