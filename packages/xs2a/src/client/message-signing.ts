import { createHash, createSign, X509Certificate } from 'node:crypto';

/** The TPP's QSealC (certificate and key, PEM) the Berlin Group's HTTP message signing uses. */
export interface SigningCredentials {
  certificate: string;
  key: string;
}

/** Headers covered by the signature when the request has them (Implementation Guidelines, "Signature" header). */
const SIGNED_HEADERS = ['digest', 'x-request-id', 'psu-id', 'psu-corporate-id', 'tpp-redirect-uri', 'date'] as const;

/**
 * `Digest`, `Date` (when absent), `Signature` and `TPP-Signature-Certificate` for one request, as the Berlin Group's
 * signing profile of draft-cavage-http-signatures has them: `Digest` is `SHA-256=` and the body's digest (of the empty
 * text without a body); the signature is RSA-SHA256 over the covered headers, `keyId` is the certificate's serial number
 * and issuer, and the certificate goes base64 (DER) in `TPP-Signature-Certificate`.
 */
export function signatureHeaders(credentials: SigningCredentials, headers: Readonly<Record<string, string>>, body: string, now: Date = new Date()): Record<string, string> {
  const out: Record<string, string> = { Digest: `SHA-256=${createHash('sha256').update(body).digest('base64')}` };
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  if (!lower.has('date')) out.Date = now.toUTCString();
  for (const [k, v] of Object.entries(out)) lower.set(k.toLowerCase(), v);
  const covered = SIGNED_HEADERS.filter((h) => lower.has(h));
  const signingString = covered.map((h) => `${h}: ${lower.get(h)!}`).join('\n');
  const signature = createSign('RSA-SHA256').update(signingString).sign(credentials.key, 'base64');
  const certificate = new X509Certificate(credentials.certificate);
  const keyId = `SN=${certificate.serialNumber},CA=${certificate.issuer.split('\n').join(',')}`;
  out.Signature = `keyId="${keyId}",algorithm="rsa-sha256",headers="${covered.join(' ')}",signature="${signature}"`;
  out['TPP-Signature-Certificate'] = certificate.raw.toString('base64');
  return out;
}

/** The signing string `signatureHeaders` signed, rebuilt from a request's headers (for a check of the signature). */
export function signingStringOf(headers: Readonly<Record<string, string>>, signature: string): string {
  const covered = /headers="([^"]*)"/.exec(signature)?.[1]?.split(' ') ?? [];
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return covered.map((h) => `${h}: ${lower.get(h) ?? ''}`).join('\n');
}
