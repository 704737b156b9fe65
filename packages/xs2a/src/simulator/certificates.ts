import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * Test certificates for mutual TLS, made at start: a CA, the bank's server certificate and a TPP client
 * certificate, both signed by the CA. Keys come from node's crypto (fast, native); node-forge writes and signs the
 * X.509 certificates, which node's crypto cannot.
 */

export interface KeyAndCertificate {
  /** PEM. */
  key: string;
  /** PEM. */
  cert: string;
}

export interface TestPki {
  ca: KeyAndCertificate;
  server: KeyAndCertificate;
  /** A TPP's certificate, as a QWAC would be in production. */
  client: KeyAndCertificate;
}

export interface TestPkiOptions {
  /** DNS names and IP addresses the server certificate is valid for. Default `localhost`, `127.0.0.1`, `::1`. */
  serverNames?: readonly string[];
  /** The client certificate's common name. Default `sandbox-tpp`. */
  clientName?: string;
  /** Days of validity. Default 30. */
  days?: number;
}

export function createTestPki(options: TestPkiOptions = {}): TestPki {
  const days = options.days ?? 30;
  const ca = createCertificateAuthority('XS2A Sandbox Test CA', days);
  const server = issueCertificate(ca, { commonName: 'xs2a-sandbox-bank', days, serverNames: options.serverNames ?? ['localhost', '127.0.0.1', '::1'] });
  const client = issueCertificate(ca, { commonName: options.clientName ?? 'sandbox-tpp', days });
  return { ca, server, client };
}

export function createCertificateAuthority(commonName: string, days = 30): KeyAndCertificate {
  const keys = newKeyPair();
  const cert = newCertificate(keys.publicKey, days);
  const name = [{ name: 'commonName', value: commonName }, { name: 'organizationName', value: 'OBP sandbox' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { key: forge.pki.privateKeyToPem(keys.privateKey), cert: forge.pki.certificateToPem(cert) };
}

/** A leaf certificate signed by `ca`: for a server when `serverNames` is given, else for a client. */
export function issueCertificate(ca: KeyAndCertificate, p: { commonName: string; days?: number; serverNames?: readonly string[] }): KeyAndCertificate {
  const caCert = forge.pki.certificateFromPem(ca.cert);
  const caKey = forge.pki.privateKeyFromPem(ca.key);
  const keys = newKeyPair();
  const cert = newCertificate(keys.publicKey, p.days ?? 30);
  cert.setSubject([{ name: 'commonName', value: p.commonName }, { name: 'organizationName', value: 'OBP sandbox' }]);
  cert.setIssuer(caCert.subject.attributes);
  const server = p.serverNames !== undefined;
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: server, clientAuth: !server },
    ...(server ? [{ name: 'subjectAltName', altNames: p.serverNames!.map((n) => (isIp(n) ? { type: 7, ip: n } : { type: 2, value: n })) }] : []),
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { key: forge.pki.privateKeyToPem(keys.privateKey), cert: forge.pki.certificateToPem(cert) };
}

function newKeyPair(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
  };
}

function newCertificate(publicKey: forge.pki.rsa.PublicKey, days: number): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: the first byte's high bit clear.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now + days * 24 * 60 * 60 * 1000);
  return cert;
}

function isIp(name: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.includes(':');
}
