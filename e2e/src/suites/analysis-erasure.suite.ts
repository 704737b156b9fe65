import { createKafka, createProducer } from '@obp/bus';
import { createLogger } from '@obp/telemetry';
import { uniqueName, waitFor } from '@obp/testkit';
import { createJob, finishedJob, getJob, getResult, jobBody, mentions } from '../analysis-helpers';
import { connectedConsent } from '../consent-helpers';
import { type Stack } from '../harness';
import { sharedStack } from '../shared-stack';

describe('analysis results and consent erasure', () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    stack = await sharedStack();
    token = await stack.token(await stack.registerClient());
  });

  it('erases the results computed from a deleted consent, keeps nothing of its data, and fails later jobs on it with ConsentDeleted', async () => {
    const { consentId } = await connectedConsent(stack, token, { externalUserId: `erased-${Date.now()}` });
    const kept = await connectedConsent(stack, token, { externalUserId: `kept-${Date.now()}` });
    const api = stack.clientWithToken(token);
    const accounts = (await api.GET('/consents/{id}/accounts', { params: { path: { id: consentId } } })).data.data;

    const byConsent = await createJob(stack, token, jobBody([consentId], { Reference: 'erased by consent' }));
    const byAccount = await createJob(stack, token, jobBody([], { Reference: 'erased by account', Input: { accountIds: [accounts[0]!.id] } }));
    const both = await createJob(stack, token, jobBody([consentId, kept.consentId], { Reference: 'erased with another', Engine: 'z2' }));
    const unrelated = await createJob(stack, token, jobBody([kept.consentId], { Reference: 'kept' }));
    for (const id of [byConsent, byAccount, both, unrelated]) expect((await finishedJob(stack, token, id)).status).toBe('Completed');

    const result = await getResult(stack, token, byConsent);
    const transactionIds = result.transactions!.map((t) => t.transactionId).filter((_, i) => i % 10 === 0);
    const needles = [...transactionIds, ...accounts.map((a) => a.iban)];
    expect(await mentions(stack.analysis.db, needles)).not.toEqual([]);

    expect((await api.DELETE('/consents/{id}', { params: { path: { id: consentId } } })).response.status).toBe(204);

    for (const id of [byConsent, byAccount, both]) {
      // Raw HTTP: the 410 of an erased result is what this waits for.
      await waitFor(async () => (await stack.api(token, `/analysis-jobs/${id}/result`)).status === 410, { what: `the result of ${id} to be erased` });
      expect(await getJob(stack, token, id)).toMatchObject({ status: 'Completed', resultErasedAt: expect.any(String) });
    }
    const gone = await stack.api(token, `/analysis-jobs/${byConsent}/result`);
    expect(gone.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await gone.json()) as { status: number }).status).toBe(410);
    expect((await getResult(stack, token, unrelated)).consentIds).toEqual([kept.consentId]);

    // Nothing of the consent's transactions or account numbers is left in the analysis database (stored results unpacked).
    const leftovers = await waitFor(
      async () => {
        const found = await mentions(stack.analysis.db, needles);
        return found.length === 0 ? found : undefined;
      },
      { what: 'every trace of the consent’s data to be gone', timeoutMs: 20_000, intervalMs: 250 },
    );
    expect(leftovers).toEqual([]);

    // Later jobs naming the erased consent, one of its accounts, or a job computed from it fail with the clear code.
    const later = [
      await createJob(stack, token, jobBody([consentId])),
      await createJob(stack, token, jobBody([], { Input: { accountIds: [accounts[0]!.id] } })),
      await createJob(stack, token, jobBody([], { Input: { analysisJobIds: [byConsent] } })),
    ];
    for (const id of later) expect((await finishedJob(stack, token, id)).failure?.code).toBe('ConsentDeleted');
    const res = await stack.api(token, `/analysis-jobs/${later[0]}/result`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toContain('ConsentDeleted');
  });

  it('erases a consent whose consent.deleted a lagging consumer never read (compacted away) from the tombstone of its key alone', async () => {
    const { consentId } = await connectedConsent(stack, token, { externalUserId: `lagged-${Date.now()}` });
    const partner = await stack.registerClient(['customer-api'], { directProviderFlow: false });
    const api = stack.clientWithToken(token);
    const shared = await api.POST('/shares', { body: { clientId: partner.clientId, consentIds: [consentId] } });
    expect(shared.response.status).toBe(200);
    const shareId = shared.data.data;
    const jobId = await createJob(stack, token, jobBody([consentId], { Reference: 'lagged erasure' }));
    expect((await finishedJob(stack, token, jobId)).status).toBe('Completed');
    await waitFor(async () => (await stack.sequencing.consentData.consent(consentId)) !== null, { what: 'the consent in the sequencing projection' });

    // What such a consumer reads of the erasure: the tombstone of the consent's key, on the consent's partition.
    const producer = createProducer(createKafka(uniqueName('lagged-erasure'), stack.kafkaBrokers, createLogger('test', 'silent')));
    await producer.connect();
    try {
      await producer.send({ topic: stack.consentEventsTopic, messages: [{ key: consentId, value: null }] });
    } finally {
      await producer.disconnect();
    }

    await waitFor(async () => (await stack.api(token, `/analysis-jobs/${jobId}/result`)).status === 410, { what: 'the analysis result to be erased' });
    expect(await getJob(stack, token, jobId)).toMatchObject({ status: 'Completed', resultErasedAt: expect.any(String) });
    await waitFor(async () => (await stack.analysis.consentData.consent(consentId)) === null, { what: 'the consent to leave the analysis projection' });
    await waitFor(async () => (await stack.sequencing.consentData.consent(consentId)) === null, { what: 'the consent to leave the sequencing projection' });
    await waitFor(async () => (await api.GET('/shares/{shareId}', { params: { path: { shareId } } })).data.data?.consentIds?.length === 0, {
      what: 'the share to lose the consent',
    });
    expect((await finishedJob(stack, token, await createJob(stack, token, jobBody([consentId])))).failure?.code).toBe('ConsentDeleted');
  });
});
