import { deadLetterAudit, subscriptionsInMetrics } from './dead-letter-audit';

const metrics = [
  '# HELP messaging_kafka_consumer_lag Messages of a partition the consumer group has not committed yet',
  'messaging_kafka_consumer_lag{messaging_consumer_group_name="ns.share-consent-owners",messaging_destination_name="ns.consent.events.v1",messaging_destination_partition_id="0"} 0',
  'messaging_kafka_consumer_lag{messaging_consumer_group_name="ns.share-consent-owners",messaging_destination_name="ns.consent.events.v1",messaging_destination_partition_id="1"} 2',
  'messaging_kafka_consumer_lag{messaging_consumer_group_name="other.share-consent-owners",messaging_destination_name="other.consent.events.v1",messaging_destination_partition_id="0"} 0',
  'http_server_request_duration_seconds_count{http_route="/shares"} 4',
].join('\n');

describe('subscriptionsInMetrics', () => {
  it('reads each group and topic of the namespace once', () => {
    expect(subscriptionsInMetrics(metrics, 'ns')).toEqual([{ group: 'ns.share-consent-owners', topic: 'ns.consent.events.v1' }]);
  });
});

describe('deadLetterAudit', () => {
  const subscriptions = [
    { group: 'ns.share-consent-owners', topic: 'ns.consent.events.v1' },
    { group: 'ns.webhooks-share-events', topic: 'ns.share.events.v1' },
  ];

  it('expects the dead-letter topic of every subscription, and counts what each holds', () => {
    const topics = new Map([
      ['ns.consent.events.v1.dlq.ns.share-consent-owners', 0],
      ['ns.share.events.v1.dlq.ns.webhooks-share-events', 2],
      ['ns.share.events.v1', 40],
    ]);
    expect(deadLetterAudit(subscriptions, topics, 'ns', ['share', 'webhooks'])).toEqual({
      expected: ['ns.consent.events.v1.dlq.ns.share-consent-owners', 'ns.share.events.v1.dlq.ns.webhooks-share-events'],
      missing: [],
      servicesWithout: [],
      deadLetters: { 'ns.consent.events.v1.dlq.ns.share-consent-owners': 0, 'ns.share.events.v1.dlq.ns.webhooks-share-events': 2 },
    });
  });

  it('names the dead-letter topics not found, and the services that reported no subscription', () => {
    const audit = deadLetterAudit(subscriptions, new Map([['ns.share.events.v1', 40]]), 'ns', ['share', 'webhooks', 'feedback']);
    expect(audit.missing).toEqual(['ns.consent.events.v1.dlq.ns.share-consent-owners', 'ns.share.events.v1.dlq.ns.webhooks-share-events']);
    expect(audit.servicesWithout).toEqual(['feedback']);
    expect(audit.deadLetters).toEqual({});
  });
});
