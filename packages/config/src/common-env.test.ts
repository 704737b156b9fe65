import { commonEnv, ConfigError, loadConfig, z } from './index';

const common = z.object(commonEnv);

describe('the settings every process reads', () => {
  it('waits 10 s in an idle consumer’s fetch unless told otherwise, and refuses a wait the 30 s consumer session would not survive', () => {
    expect(loadConfig(common, {}).KAFKA_FETCH_MAX_WAIT_MS).toBe(10_000);
    expect(loadConfig(common, { KAFKA_FETCH_MAX_WAIT_MS: '2000' }).KAFKA_FETCH_MAX_WAIT_MS).toBe(2_000);
    for (const refused of ['25000', '50', 'soon']) {
      expect(() => loadConfig(common, { KAFKA_FETCH_MAX_WAIT_MS: refused })).toThrow(ConfigError);
    }
  });
});
