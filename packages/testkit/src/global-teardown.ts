export default async function globalTeardown(): Promise<void> {
  const stops = (globalThis as { __obpStop?: Array<() => Promise<void>> }).__obpStop ?? [];
  await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
}
