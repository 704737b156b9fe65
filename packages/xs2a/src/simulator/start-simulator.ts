import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createXs2aApiApp } from './api-app';
import { createTestPki, type TestPki } from './certificates';
import { createScaApp } from './sca-app';
import { SimulatedBank, type SimulatedBankOptions } from './simulated-bank';

export interface StartXs2aSimulatorOptions extends Omit<SimulatedBankOptions, 'scaBaseUrl'> {
  /** Default `127.0.0.1`. */
  host?: string;
  /** The XS2A interface's port (mutual TLS); 0 for any free one. Default 0. */
  port?: number;
  /** The SCA pages' port (server TLS only, for the PSU's browser); 0 for any free one. Default 0. */
  scaPort?: number;
  /** The host name in the links the bank gives (scaRedirect). Default `localhost`. */
  publicHost?: string;
  /** Certificates to use; default a fresh test PKI made now. */
  pki?: TestPki;
  testHooks?: boolean;
  /** Require the Berlin Group's HTTP message signing on every request (SIGNATURE_MISSING / SIGNATURE_INVALID). */
  requireSignatures?: boolean;
}

export interface RunningXs2aSimulator {
  /** `https://localhost:<port>`: the XS2A interface; a client must present a certificate signed by `pki.ca`. */
  apiUrl: string;
  /** `https://localhost:<port>`: where `scaRedirect` links point. */
  scaUrl: string;
  /** The CA (trust it for both URLs), the server's certificate and a TPP client certificate. */
  pki: TestPki;
  bank: SimulatedBank;
  close(): Promise<void>;
}

/**
 * Serves the simulated bank: the XS2A interface over HTTPS with mutual TLS (a client without a certificate signed by
 * the test CA is refused in the handshake) and the SCA pages over HTTPS on a second port.
 */
export async function startXs2aSimulator(options: StartXs2aSimulatorOptions = {}): Promise<RunningXs2aSimulator> {
  const host = options.host ?? '127.0.0.1';
  const publicHost = options.publicHost ?? 'localhost';
  const pki = options.pki ?? createTestPki({ serverNames: [...new Set(['localhost', '127.0.0.1', '::1', publicHost])] });
  const api = createServer({ key: pki.server.key, cert: pki.server.cert, ca: pki.ca.cert, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' });
  const sca = createServer({ key: pki.server.key, cert: pki.server.cert, minVersion: 'TLSv1.2' });
  await Promise.all([listen(api, options.port ?? 0, host), listen(sca, options.scaPort ?? 0, host)]);
  const scaUrl = `https://${publicHost}:${(sca.address() as AddressInfo).port}`;
  const bank = new SimulatedBank({ ...options, scaBaseUrl: scaUrl });
  api.on('request', createXs2aApiApp(bank, { testHooks: options.testHooks, requireSignatures: options.requireSignatures }));
  sca.on('request', createScaApp(bank));
  return {
    apiUrl: `https://${publicHost}:${(api.address() as AddressInfo).port}`,
    scaUrl,
    pki,
    bank,
    close: async () => {
      await Promise.all([close(api), close(sca)]);
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
