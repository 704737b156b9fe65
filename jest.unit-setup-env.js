// The unit suites reach no Kafka or store: a suite that asks for them (testEnv) fails instead of using a shell's.
delete process.env.KAFKA_BROKERS;
delete process.env.MONGODB_URI;
delete process.env.OBP_LOCAL_STORE;
