import { createHmac, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { apiRoutes, type RouteContract } from '@obp/contracts';
import { createJob, finishedJob, jobBody, postJob } from '../analysis-helpers';
import { connectedConsent, seenBy } from '../consent-helpers';
import { feedbackBody, submitFeedback } from '../feedback-helpers';
import { type Stack } from '../harness';
import { sharedStack } from '../shared-stack';

describe('the authorization matrix', () => {
  /**
   * Every protected route of the route declarations (so a new route is covered without a change
   * here), through the edge and at the service that serves it, crossed with every kind of bad
   * credential and with another app's valid token against app A's resources. A route whose path
   * names a resource this test does not create fails the test until it is added to `resourceOf`.
   */

  type Credential = { name: string; token: () => string | undefined; expected: number[] };

  let stack: Stack;
  let tokenA: string;
  let tokenB: string;
  let reviewerToken: string;
  /** App A's resource ids by the path segment before their parameter. */
  const resourceOf: Record<string, string> = {};
  let deliveryId: string;
  /** Values only app A's data holds: none may appear in an answer to another app, unless that app named it itself. */
  let secretsOfA: string[];
  /** App A's ids that app B has put in the bodies of its own requests (a share of B may name A's consent, and list it back). */
  const namedByB = new Set<string>();

  const protectedRoutes = apiRoutes.filter((route): route is RouteContract & { auth: { scope: string } | 'admin' } => route.auth !== 'public');

  beforeAll(async () => {
    stack = await sharedStack();
    const appA = await stack.registerClient(['customer-api']);
    tokenA = await stack.token(appA);
    tokenB = await stack.token(await stack.registerClient(['customer-api']));
    reviewerToken = await stack.token(await stack.registerClient(['feedback-review']));
    const partner = await stack.registerClient(['customer-api']);

    const externalUserId = `a-secret-user-${randomUUID()}`;
    const userId = randomUUID();
    const { consentId } = await connectedConsent(stack, tokenA, { userId, externalUserId });
    const accounts = ((await (await stack.api(tokenA, `/consents/${consentId}/accounts`)).json()) as { data: Array<{ id: string; iban: string | null }> }).data;
    const account = accounts[0]!;
    const shareReference = `a-secret-share-${randomUUID()}`;
    const share = await stack.api(tokenA, '/shares', { method: 'POST', json: { clientId: partner.clientId, reference: shareReference, consentIds: [consentId] } });
    if (share.status !== 200) throw new Error(`share: ${share.status} ${await share.text()}`);
    const shareId = ((await share.json()) as { data: string }).data;
    const jobId = await createJob(stack, tokenA, jobBody([consentId]));
    await finishedJob(stack, tokenA, jobId);
    const remark = `a-secret-remark-${randomUUID()}`;
    const feedbackId = await submitFeedback(stack, tokenA, feedbackBody({ accountId: account.id, remark }));
    const hookPath = `a-secret-hook-${randomUUID()}`;
    const endpoint = await stack.api(tokenA, '/webhooks', { method: 'POST', json: { url: `http://127.0.0.1:9/${hookPath}`, events: ['share.created'] } });
    const { id: endpointId, secret } = ((await endpoint.json()) as { data: { id: string; secret: string } }).data;
    const ping = await stack.api(tokenA, `/webhooks/${endpointId}/ping`, { method: 'POST' });
    deliveryId = ((await ping.json()) as { data: { deliveryIds: string[] } }).data.deliveryIds[0]!;

    const uploadConsent = ((await (await stack.api(tokenA, '/consents', { method: 'POST', json: { providerKey: 'statement-upload' } })).json()) as { consentId: string }).consentId;
    const upload = await stack.api(tokenA, `/consents/${uploadConsent}/statements`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: ':20:A-SECRET-FILE' });
    const importId = ((await upload.json()) as { data: { id: string } }).data.id;

    Object.assign(resourceOf, {
      shares: shareId,
      consents: consentId,
      accounts: account.id,
      users: userId,
      'analysis-jobs': jobId,
      'categorization-feedback': feedbackId,
      webhooks: endpointId,
      statements: importId,
      // An operator's bank (admin routes: every credential here is refused before the key is looked at).
      providers: 'sandbox-retail',
    });
    secretsOfA = [uploadConsent, importId, consentId, account.id, ...accounts.map((a) => a.iban).filter((iban): iban is string => iban !== null), externalUserId, userId, shareId, shareReference, jobId, feedbackId, remark, endpointId, hookPath, secret];
  });

  /** The route's path with app A's resources in it. */
  function pathOf(route: RouteContract): string {
    const segments = route.path.split('/');
    return segments
      .map((segment, i) => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!param) return segment;
        if (param === 'deliveryId') return deliveryId;
        const resource = resourceOf[segments[i - 1]!];
        if (!resource) throw new Error(`${route.method.toUpperCase()} ${route.path}: the matrix creates no resource for {${param}}; add one to resourceOf`);
        return encodeURIComponent(resource);
      })
      .join('/');
  }

  /** A body that names app A's resources wherever the route takes ids. */
  function bodyOf(route: RouteContract): string | undefined {
    if (!route.body) return undefined;
    const bodies: Record<string, unknown> = {
      createShare: { clientId: 'b-partner', consentIds: [resourceOf.consents], accountIds: [resourceOf.accounts], analysisIds: [resourceOf['analysis-jobs']] },
      updateShare: { expirationDateUtc: '2040-01-01T00:00:00Z' },
      createConsent: { providerKey: 'sandbox-retail', redirectUrl: 'https://example.com/done' },
      createAnalysisJob: jobBody([resourceOf.consents!]),
      submitFeedback: feedbackBody(),
      createWebhook: { url: 'http://127.0.0.1:9/b', events: ['share.created'] },
      updateWebhook: { description: 'taken over' },
      replayWebhookDeliveries: { since: new Date(Date.now() - 3_600_000).toISOString() },
      decideFeedback: { decision: 'Accepted' },
      reauthoriseConsent: { psuIpAddress: '203.0.113.9' },
      updateMyApp: { redirectUrls: ['https://b.example.test'] },
    };
    if (route.body.encoding === 'raw') return ':20:FROM-APP-B';
    return JSON.stringify(bodies[route.operationId] ?? {});
  }

  function credentials(route: RouteContract & { auth: { scope: string } | 'admin' }): Credential[] {
    const key = stack.edge.keys.active();
    const claims = { client_id: 'intruder', scope: 'customer-api feedback-review' };
    const signing: jwt.SignOptions = { algorithm: 'RS256', keyid: key.kid, issuer: stack.baseUrl, audience: 'open-banking-api' };
    const options: jwt.SignOptions = { ...signing, expiresIn: 300 };
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 300;
    const unsigned = b64({ ...claims, iss: stack.baseUrl, aud: 'open-banking-api', exp });
    const hs256Header = b64({ alg: 'HS256', typ: 'JWT', kid: key.kid });
    const publicPem = key.publicKey.export({ type: 'spki', format: 'pem' });
    const hs256 = `${hs256Header}.${unsigned}.${createHmac('sha256', publicPem).update(`${hs256Header}.${unsigned}`).digest('base64url')}`;
    const [header, , signature] = tokenA.split('.');
    const tampered = `${header}.${b64({ ...(jwt.decode(tokenA) as object), scope: 'customer-api feedback-review', client_id: 'intruder' })}.${signature}`;
    const unauthenticated = [401];
    const list: Credential[] = [
      { name: 'no token', token: () => undefined, expected: unauthenticated },
      { name: 'an expired token', token: () => jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 120 }, key.privateKey, signing), expected: unauthenticated },
      { name: 'a tampered token', token: () => tampered, expected: unauthenticated },
      { name: 'alg none', token: () => `${b64({ alg: 'none', typ: 'JWT', kid: key.kid })}.${unsigned}.`, expected: unauthenticated },
      { name: 'HS256 signed with the public key', token: () => hs256, expected: unauthenticated },
      { name: 'the wrong audience', token: () => jwt.sign(claims, key.privateKey, { ...options, audience: 'another-api' }), expected: unauthenticated },
      { name: 'the wrong issuer', token: () => jwt.sign(claims, key.privateKey, { ...options, issuer: 'https://issuer.evil.example' }), expected: unauthenticated },
    ];
    if (route.auth === 'admin') {
      list.push({ name: 'an app token', token: () => tokenA, expected: unauthenticated }, { name: 'a reviewer token', token: () => reviewerToken, expected: unauthenticated });
    } else {
      const wrongScope = route.auth.scope === 'customer-api' ? reviewerToken : tokenB;
      list.push({ name: 'the wrong scope', token: () => wrongScope, expected: [403] });
    }
    return list;
  }

  const servicePort = (service: string): number => stack.service(service).port();

  async function send(base: string, route: RouteContract, token: string | undefined) {
    const body = bodyOf(route);
    const headers: Record<string, string> = {};
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = route.body?.encoding === 'raw' ? route.body.mediaTypes![0]! : 'application/json';
    const res = await fetch(`${base}${pathOf(route)}`, { method: route.method.toUpperCase(), headers, body });
    return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') };
  }

  describe.each(protectedRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s', (_name, route) => {
    it('refuses every bad credential with a problem, through the edge and at its service', async () => {
      const refused: string[] = [];
      for (const credential of credentials(route)) {
        for (const base of [stack.baseUrl, `http://127.0.0.1:${servicePort(route.service)}`]) {
          const { status, text, contentType } = await send(base, route, credential.token());
          const leaked = secretsOfA.filter((secret) => text.includes(secret));
          if (!credential.expected.includes(status) || !/problem\+json/.test(contentType ?? '') || leaked.length > 0) {
            refused.push(`${credential.name} at ${base}: ${status} ${contentType} ${text.slice(0, 200)}`);
          }
        }
      }
      expect(refused).toEqual([]);
    });

    if (route.auth === 'admin' || (typeof route.auth === 'object' && route.auth.scope !== 'customer-api')) return;
    it('shows another app none of app A’s data and changes none of it', async () => {
      // An id in the path is only asked about: it is B's own data only once B has stored it in a body.
      const path = pathOf(route);
      const body = bodyOf(route) ?? '';
      for (const secret of secretsOfA) if (body.includes(secret)) namedByB.add(secret);
      const answer = await send(stack.baseUrl, route, tokenB);
      const leaked = secretsOfA.filter((secret) => answer.text.includes(secret) && !namedByB.has(secret) && !path.includes(secret));
      expect({ status: answer.status, leaked }).toEqual({ status: expect.any(Number), leaked: [] });
      if (route.path.includes('{')) expect([403, 404]).toContain(answer.status);
      else expect(answer.status).toBeLessThan(500);
    });
  });

  describe('after the matrix', () => {
    it('app A still has every resource, unchanged by the other app', async () => {
      const paths = [
        `/shares/${resourceOf.shares}`,
        `/consents/${resourceOf.consents}`,
        `/analysis-jobs/${resourceOf['analysis-jobs']}`,
        `/v2/categorization-feedback/${resourceOf['categorization-feedback']}`,
        `/webhooks/${resourceOf.webhooks}`,
      ];
      for (const path of paths) expect({ path, status: (await stack.api(tokenA, path)).status }).toEqual({ path, status: 200 });
      const share = ((await (await stack.api(tokenA, `/shares/${resourceOf.shares}`)).json()) as { data: { expirationDateUtc: string } }).data;
      expect(share.expirationDateUtc).toEqual(expect.any(String));
      expect(share.expirationDateUtc.startsWith('2040')).toBe(false);
      const endpoint = ((await (await stack.api(tokenA, `/webhooks/${resourceOf.webhooks}`)).json()) as { data: { description: string | null } }).data;
      expect(endpoint.description).not.toBe('taken over');
    });

    it('another app may not name app A’s consent or account in a share or an analysis job: 422 naming the fields, telling nothing of A’s data', async () => {
      const appC = await stack.registerClient(['customer-api']);
      const tokenC = await stack.token(appC);
      await seenBy(stack.share.consentOwners, resourceOf.consents!, [resourceOf.accounts!]);
      await seenBy(stack.analysis.consentData, resourceOf.consents!, [resourceOf.accounts!]);
      const share = await stack.api(tokenB, '/shares', { method: 'POST', json: { clientId: appC.clientId, consentIds: [resourceOf.consents], accountIds: [resourceOf.accounts] } });
      const job = await postJob(stack, tokenB, jobBody([resourceOf.consents!]));
      const texts = [await share.text(), await job.text()];
      const fields = texts.map((text) => Object.keys((JSON.parse(text) as { errors: object }).errors));
      expect({ statuses: [share.status, job.status], fields }).toEqual({ statuses: [422, 422], fields: [['consentIds[0]', 'accountIds[0]'], ['Input.consentIds[0]']] });
      // Only the ids B named come back.
      const named: unknown[] = [resourceOf.consents, resourceOf.accounts];
      expect(secretsOfA.filter((secret) => !named.includes(secret) && texts.some((text) => text.includes(secret)))).toEqual([]);
      for (const token of [tokenB, tokenC]) {
        expect((await stack.api(token, `/consents/${resourceOf.consents}`)).status).toBe(404);
        expect((await stack.api(token, `/accounts/${resourceOf.accounts}/transactions`)).status).toBe(404);
      }
    });
  });
});
