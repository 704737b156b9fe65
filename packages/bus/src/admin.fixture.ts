import type { Admin, Kafka } from 'kafkajs';

/** Runs `use` with a connected admin client of `kafka`, disconnected after (tests reading the broker's state). */
export async function withAdmin<T>(kafka: Kafka, use: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.disconnect();
  }
}
