import net from 'node:net';
import { Kafka, logLevel, type ISocketFactory } from 'kafkajs';
import { Cleanup, testEnv, uniqueName } from '@obp/testkit';
import { createProducer, ensureTopics } from './kafka';
import { lostProducerSequence, RenewingProducer, type EventProducer } from './renewing-producer';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const PRODUCE_API_KEY = 0;

/**
 * Connections to the real broker that can lose the broker's answers to the next produce
 * requests: the broker writes the batch, the client sees its connection drop instead.
 */
function answerLosingSockets(): { socketFactory: ISocketFactory; loseProduceAnswers(n: number): void } {
  let toLose = 0;
  const socketFactory: ISocketFactory = ({ host, port, onConnect }) => {
    const socket = net.connect({ host, port }, onConnect);
    let losing = false;
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => {
      // A request is its size (int32) then its API key (int16).
      if (toLose > 0 && Buffer.isBuffer(chunk) && chunk.length > 6 && chunk.readInt16BE(4) === PRODUCE_API_KEY) {
        toLose--;
        losing = true;
      }
      return write(chunk, ...rest);
    }) as typeof socket.write;
    const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event === 'data' && losing) {
        losing = false;
        socket.destroy(new Error('the answer was lost'));
        return true;
      }
      return emit(event, ...args);
    }) as typeof socket.emit;
    return socket;
  };
  return { socketFactory, loseProduceAnswers: (n) => (toLose = n) };
}

async function readAll(kafka: Kafka, topic: string, count: number): Promise<string[]> {
  const consumer = kafka.consumer({ groupId: uniqueName('renewing-producer-reader') });
  cleanup.add(() => consumer.disconnect());
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const values: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`read ${values.length} of ${count} messages: ${values.join(', ')}`)), 30_000);
    void consumer.run({
      eachMessage: async ({ message }) => {
        values.push(message.value!.toString());
        if (values.length >= count) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  return values;
}

describe('a producer whose broker wrote a batch it could not acknowledge', () => {
  // kafkajs needs retries for an idempotent producer; one retry, whose answer is lost too, makes the send fail.
  const lostSend = async (losing: ReturnType<typeof answerLosingSockets>, send: (value: string) => Promise<unknown>) => {
    losing.loseProduceAnswers(2);
    await expect(send('b')).rejects.toThrow(/answer was lost/);
  };

  /** A connected producer on a fresh topic that wrote 'a', then 'b' whose answers were lost; its `send`, for one key. */
  const afterLostAnswer = async <P extends Pick<EventProducer, 'connect' | 'disconnect' | 'send'>>(make: (kafka: Kafka) => P) => {
    const { losing, kafka, topic } = await setUp();
    const producer = make(kafka);
    cleanup.add(() => producer.disconnect());
    await producer.connect();
    const send = (...values: string[]) => producer.send({ topic, acks: -1, messages: values.map((value) => ({ key: 'k', value })) });
    await send('a');
    await lostSend(losing, send);
    return { producer, send, read: (count: number) => readAll(kafka, topic, count) };
  };
  const plainKafkajs = (kafka: Kafka) => kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });

  const setUp = async () => {
    const losing = answerLosingSockets();
    const kafka = new Kafka({ clientId: uniqueName('renewing-producer-test'), brokers: testEnv().kafkaBrokers, socketFactory: losing.socketFactory, retry: { retries: 1, initialRetryTime: 50 }, logLevel: logLevel.NOTHING });
    const topic = uniqueName('renewing-producer');
    await ensureTopics(kafka, [{ topic, partitions: 1 }]);
    return { losing, kafka, topic };
  };

  it('sends again under a new producer id, so that every later message reaches the topic', async () => {
    const { producer, send, read } = await afterLostAnswer((kafka) => createProducer(kafka) as RenewingProducer);
    // What a relay does next: the unacknowledged message again, with what was written meanwhile.
    await send('b', 'c');
    await send('d');
    expect(producer.renewed).toBe(1);
    // The lost answer's batch is in the log, then its messages again under the new producer id: readers drop repeats by id.
    expect(await read(5)).toEqual(['a', 'b', 'b', 'c', 'd']);
  });

  it('does not let a batch of the same size be taken for a repeat of the unacknowledged one and dropped', async () => {
    const { producer, send, read } = await afterLostAnswer((kafka) => createProducer(kafka) as RenewingProducer);
    await send('c');
    expect(producer.renewed).toBe(1);
    expect(await read(3)).toEqual(['a', 'b', 'c']);
  });

  it('is what a plain idempotent kafkajs producer cannot do: a batch of the same size is acknowledged and never written', async () => {
    const { send, read } = await afterLostAnswer(plainKafkajs);
    await send('c'); // acknowledged
    await send('d');
    expect(await read(3)).toEqual(['a', 'b', 'd']);
  });

  it('is what a plain idempotent kafkajs producer cannot do: its next send to that partition of another size is refused for good', async () => {
    const { send } = await afterLostAnswer(plainKafkajs);
    for (let attempt = 0; attempt < 3; attempt++) {
      const refusal = await send('b', 'c').catch((error: unknown) => error);
      expect(lostProducerSequence(refusal)).toBe(true);
    }
  });
});

describe('lostProducerSequence', () => {
  it('knows the refusals of a sequence, also wrapped by retries or gathered from several brokers', () => {
    const outOfOrder = { type: 'OUT_OF_ORDER_SEQUENCE_NUMBER' };
    expect(lostProducerSequence(outOfOrder)).toBe(true);
    expect(lostProducerSequence({ type: 'UNKNOWN_PRODUCER_ID' })).toBe(true);
    expect(lostProducerSequence({ type: 'INVALID_PRODUCER_EPOCH' })).toBe(true);
    expect(lostProducerSequence({ name: 'KafkaJSNumberOfRetriesExceeded', cause: outOfOrder })).toBe(true);
    expect(lostProducerSequence({ name: 'KafkaJSAggregateError', errors: [{ type: 'NOT_LEADER_OR_FOLLOWER' }, outOfOrder] })).toBe(true);
  });

  it('leaves every other failure to the caller', () => {
    expect(lostProducerSequence({ type: 'MESSAGE_TOO_LARGE' })).toBe(false);
    expect(lostProducerSequence({ type: 'NOT_LEADER_OR_FOLLOWER', cause: new Error('connection lost') })).toBe(false);
    expect(lostProducerSequence(new Error('OUT_OF_ORDER_SEQUENCE_NUMBER'))).toBe(false);
    expect(lostProducerSequence(null)).toBe(false);
    const selfCaused: { type: string; cause?: unknown } = { type: 'UNKNOWN' };
    selfCaused.cause = selfCaused;
    expect(lostProducerSequence(selfCaused)).toBe(false);
  });
});
