import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, serviceNodeArguments, waitFor, type ServiceRuntime } from '@obp/testkit';

/**
 * One service as production runs it: its own node process (`npm start`'s command line), so a test
 * can SIGKILL it mid-request and start it again on the same port, database and consumer groups.
 */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  /** Settles when the current child has exited (set at spawn, so an exit before anyone waits is not missed). */
  private exited: Promise<void> = Promise.resolve();
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly logDir: string,
    private readonly runtime: ServiceRuntime = 'source',
    /** Which instance of the service (from 1): names its log and its `service.instance.id`. */
    readonly replica = 1,
  ) {}

  /** The service's name for its first instance, `<name>-<n>` for the n-th (as `npm start` names them). */
  get instance(): string {
    return this.replica === 1 ? this.name : `${this.name}-${this.replica}`;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and waits until it answers (`ready`: until its consumers have joined their groups too). */
  async start(until: 'live' | 'ready' = 'live'): Promise<void> {
    mkdirSync(this.logDir, { recursive: true });
    const log = createWriteStream(join(this.logDir, `${this.instance}.log`), { flags: 'a' });
    const child = spawn(process.execPath, serviceNodeArguments(this.name, this.runtime), {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, PORT: String(this.port), SERVICE_NAME: this.name, OTEL_SERVICE_NAME: this.name, OTEL_RESOURCE_ATTRIBUTES: `service.instance.id=${this.instance}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.starts++;
    await waitFor(
      async () => {
        if (ended(child)) throw new Error(`${this.instance} exited with ${child.exitCode ?? child.signalCode}; see ${join(this.logDir, `${this.instance}.log`)}`);
        const res = await fetch(`${this.url}/health/${until}`).catch(() => null);
        return res?.status === 200;
      },
      { timeoutMs: 120_000, intervalMs: 200, what: `${this.instance} ${until}` },
    );
  }

  /** SIGKILL: no drain, no group leave, requests cut mid-way. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || ended(child)) return;
    child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM and wait: the clean stop at the end. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || ended(child)) return;
    child.kill('SIGTERM');
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    if (!ended(child)) await this.kill();
  }
}

/** Exited, by its own exit or by a signal (then only `signalCode` is set). */
function ended(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}
