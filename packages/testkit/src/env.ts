/** Where the suite's shared Kafka and store are (set by the jest global setup). */
export function testEnv(): { kafkaBrokers: string[]; mongoUri: string } {
  const brokers = process.env.KAFKA_BROKERS;
  const uri = process.env.MONGODB_URI;
  if (!brokers || !uri) throw new Error('KAFKA_BROKERS and MONGODB_URI are set by the jest global setup (jest.global-setup.ts)');
  return { kafkaBrokers: brokers.split(','), mongoUri: uri };
}
