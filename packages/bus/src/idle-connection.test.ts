import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueName } from '@obp/testkit';
import { createKafka, createProducer } from './kafka';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

// kafkajs checks each connection's requests for time-outs on an interval; at its 100 ms every
// connection woke an idle process ten times a second (patches/kafkajs).
test('a Kafka connection checks its requests for time-outs at most once a second', async () => {
  const intervals: number[] = [];
  const realSetInterval = global.setInterval;
  const setIntervalSpy = jest.spyOn(global, 'setInterval').mockImplementation(((callback: () => void, ms?: number) => {
    intervals.push(ms ?? 0);
    return realSetInterval(callback, ms);
  }) as typeof setInterval);
  cleanup.add(() => setIntervalSpy.mockRestore());
  const producer = createProducer(createKafka(uniqueName('idle-connection-test'), testEnv().kafkaBrokers, createLogger('test', 'silent')));
  cleanup.add(() => producer.disconnect());
  await producer.connect();
  expect(intervals.length).toBeGreaterThan(0);
  expect(intervals.filter((ms) => ms < 1_000)).toEqual([]);
});
