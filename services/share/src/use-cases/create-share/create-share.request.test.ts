import { parseCreateShareRequest } from './create-share.request';

describe('parseCreateShareRequest', () => {
  it('builds a command, de-duplicating and lower-casing ids', () => {
    const id = 'AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE';
    const result = parseCreateShareRequest({ clientId: ' partner ', consentIds: [id, id.toLowerCase()], expirationDateUtc: null }, 'owner');
    expect(result).toEqual({
      ok: true,
      value: {
        ownerClientId: 'owner',
        clientId: 'partner',
        reference: null,
        expirationDateUtc: null,
        consentIds: ['aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee'],
        accountIds: null,
        analysisIds: null,
      },
    });
  });

  it('reports every invalid field at once', () => {
    const result = parseCreateShareRequest({ clientId: 1, reference: 2, expirationDateUtc: 'x', consentIds: ['bad'], accountIds: 'no' }, 'owner');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.error.errors).sort()).toEqual(['accountIds', 'clientId', 'consentIds[0]', 'expirationDateUtc', 'reference']);
  });

  it('limits list sizes and lengths', () => {
    const many = Array.from({ length: 1001 }, () => '3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    const result = parseCreateShareRequest({ clientId: 'x'.repeat(201), analysisIds: many }, 'owner');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.error.errors).sort()).toEqual(['analysisIds', 'clientId']);
  });
});
