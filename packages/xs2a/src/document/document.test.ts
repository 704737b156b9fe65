import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { XS2A_DOCUMENT_FILE, xs2aDocument } from './document';

describe('the kept XS2A document', () => {
  it('is the file taken from adorsys/xs2a, byte for byte', () => {
    const digest = createHash('sha256').update(readFileSync(XS2A_DOCUMENT_FILE)).digest('hex');
    expect(digest).toBe('4436f27d947db9b2d617320d931b1a432055d117eeb1b3f09904e3ab51ed9510');
  });

  it('is NextGenPSD2 1.3.11 and holds the account information paths', () => {
    const doc = xs2aDocument();
    expect((doc.info as { version: string }).version).toBe('1.3.11_2021-09-24');
    expect(Object.keys(doc.paths as object)).toEqual(expect.arrayContaining(['/v1/consents', '/v1/accounts', '/v1/accounts/{account-id}/transactions']));
  });
});
