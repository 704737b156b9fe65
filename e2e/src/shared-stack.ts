import { startStack, type Stack } from './harness';

let started: Promise<Stack> | undefined;

/**
 * The stack that the suites of one jest file share: started by the first suite that asks for it, stopped once
 * after the file's last test. A suite on it leaves every service running as it found it (no stop, restart or
 * other settings) and reads only what its own apps created.
 */
export function sharedStack(): Promise<Stack> {
  started ??= startStack();
  return started;
}

afterAll(async () => {
  if (started) await (await started).stop();
});
