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

  it('keeps a crashed consumer’s partitions 30 s unless told otherwise, from the broker’s least (6 s) to 5 min', () => {
    expect(loadConfig(common, {}).KAFKA_SESSION_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig(common, { KAFKA_SESSION_TIMEOUT_MS: '8000' }).KAFKA_SESSION_TIMEOUT_MS).toBe(8_000);
    for (const refused of ['5999', '300001', 'soon']) {
      expect(() => loadConfig(common, { KAFKA_SESSION_TIMEOUT_MS: refused })).toThrow(ConfigError);
    }
  });
});
