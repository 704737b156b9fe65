/** The processes the benchmark starts besides the stack: the bare express server and load runs. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const running = new Set<ChildProcess>();

/** A TypeScript file of bench/ run by node with tsx, as the services are run. */
function spawnScript(root: string, script: string, args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(root, 'bench', script), ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Runs a script to its end and returns its stdout; fails with its stderr when it fails. */
export async function runScript(root: string, script: string, args: string[]): Promise<string> {
  const child = spawnScript(root, script, args);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await exited(child);
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${stderr.trim()}`);
  return stdout;
}

/** Starts a long-running script and resolves once it has printed `readyLine`. */
export function startScript(root: string, script: string, args: string[], readyLine: string): Promise<ChildProcess> {
  const child = spawnScript(root, script, args);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyLine)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready: ${output.trim()}`)));
  });
}

/** Stops every script still running (SIGTERM) and waits for them. */
export async function stopScripts(): Promise<void> {
  const children = [...running];
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map(exited));
}
