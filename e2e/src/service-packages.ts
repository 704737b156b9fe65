import { serviceNames } from '@obp/platform';

export type ConfigLoader = (env: NodeJS.ProcessEnv) => object;

/**
 * What each service of the platform manifest reads from its environment: the `load…Config` its package
 * (`@obp/<name>`) exports, by service name. Tests reach every service this way without a list of their own.
 */
export async function serviceConfigLoaders(): Promise<Record<string, ConfigLoader>> {
  const entries = await Promise.all(
    serviceNames.map(async (name) => {
      const exports = (await import(`@obp/${name}`)) as Record<string, unknown>;
      const loaders = Object.entries(exports).filter(([key, value]) => /^load\w*Config$/.test(key) && typeof value === 'function');
      if (loaders.length !== 1) throw new Error(`@obp/${name} should export one load…Config, not ${loaders.map(([key]) => key).join(', ') || 'none'}`);
      return [name, loaders[0]![1] as ConfigLoader] as const;
    }),
  );
  return Object.fromEntries(entries);
}
