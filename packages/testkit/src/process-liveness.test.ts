import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './infra';
import { waitFor } from './wait';

/** What infra/process.sh's `pid_alive` says of a pid, beside what a bare `kill -0` says. */
function liveness(pid: number): { pidAlive: boolean; killZero: boolean } {
  const check = (script: string) => spawnSync('bash', ['-c', script], { encoding: 'utf8' }).status === 0;
  return {
    pidAlive: check(`source ${JSON.stringify(join(repoRoot, 'infra/process.sh'))}; pid_alive ${pid}`),
    killZero: check(`kill -0 ${pid} 2>/dev/null`),
  };
}

describe('pid_alive (infra/process.sh), which the start scripts ask before starting a node again', () => {
  it('takes a killed process that no parent has reaped yet for gone, where kill -0 takes it for running', async () => {
    // A parent that never reaps: bash starts a child, then becomes `sleep`, which does not wait for children.
    const parent = spawn('bash', ['-c', 'sleep 300 & echo $!; exec sleep 300'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const child = await new Promise<number>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
      expect(liveness(child)).toEqual({ pidAlive: true, killZero: true });
      process.kill(child, 'SIGKILL');
      await waitFor(() => !liveness(child).pidAlive, { what: 'the killed child seen as gone', timeoutMs: 10_000 });
      // Still a zombie of its parent: the bare check would have left the node down.
      expect(liveness(child)).toEqual({ pidAlive: false, killZero: true });
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes a pid that no process has for gone', () => {
    const gone = spawnSync('bash', ['-c', 'echo $$'], { encoding: 'utf8' });
    expect(liveness(Number(gone.stdout.trim()))).toEqual({ pidAlive: false, killZero: false });
  });
});
