/** Topic names are `<domain>.<kind>.v<N>`; topics are created explicitly, never auto-created. */
export const Topics = {
  shareEvents: 'share.events.v1',
} as const;

export type TopicName = (typeof Topics)[keyof typeof Topics];

/** Topics with their partition counts, for explicit creation at start. */
export const topicSpecs: ReadonlyArray<{ topic: string; partitions: number }> = [
  { topic: Topics.shareEvents, partitions: 3 },
];

/** Dead-letter topic of one consumer group on one topic. */
export const deadLetterTopic = (topic: string, groupId: string) => `${topic}.dlq.${groupId}`;
