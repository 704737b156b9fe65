/** A benchmark run on a stack of its own (scripts/stack.sh), stopped and its data removed however the run ends. */
import { stopScripts } from './children';
import { removeExternalData, removeLocalInfraData } from './cleanup';
import { loadBenchConfig, type BenchConfig } from './config';
import { leftoverInfra } from './processes';
import { launchStack, type RunningStack } from './stack';

async function onStack(run: (config: BenchConfig, stack: RunningStack) => Promise<void>): Promise<void> {
  const config = loadBenchConfig();
  if (!config.mongoUri && leftoverInfra(config).length > 0) throw new Error(`infra of an earlier run is still running (${leftoverInfra(config).join(', ')})`);
  removeLocalInfraData(config);
  const stack = launchStack(config);
  let stopping: Promise<void> | undefined;
  const cleanup = () =>
    (stopping ??= (async () => {
      console.log('\n==> stopping the stack');
      await stopScripts();
      await stack.stop();
      removeLocalInfraData(config);
      await removeExternalData(config, stack.databases, stack.namespace).catch((error: unknown) => console.error(`removing the run's databases and topics failed: ${String(error)}`));
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
  try {
    await run(config, stack);
  } finally {
    await cleanup();
  }
}

/** Runs `run` on a new stack, then exits (1 if it failed). */
export function runOnStack(run: (config: BenchConfig, stack: RunningStack) => Promise<void>): void {
  onStack(run).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
