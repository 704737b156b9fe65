/**
 * How each collection of the platform would be sharded on a sharded MongoDB cluster: its shard key, or none
 * (it stays whole on its database's primary shard), and the queries that go to every shard on purpose.
 * `docs/scaling.md` explains the choices; e2e/src/query-plans.test.ts checks every query the platform sends
 * against them, so a new query that would scatter fails until it is targeted or listed here with its reason.
 */
export interface CollectionSharding {
  /** The shard key's fields (hashed on the first when `hashed`), or null: not sharded. */
  key: readonly string[] | null;
  hashed?: boolean;
  /** Why this key (or none). */
  why: string;
  /**
   * Queries that go to every shard by design, named by their filter's top-level fields (sorted, joined by
   * `,`), each with why that is acceptable.
   */
  scatters?: Readonly<Record<string, string>>;
}

const byId = (why: string, scatters?: Record<string, string>): CollectionSharding => ({ key: ['_id'], hashed: true, why, scatters });
const whole = (why: string): CollectionSharding => ({ key: null, why });

const OUTBOX_POLL = 'the outbox relay and its backlog count poll the documents with unpublished events, on every shard, through the sparse `hasOutbox` index; a few a second, each shard answering from a small index';
const DUE_WORK = 'a background worker reads what is due on every shard through a partial index of the few due documents; no request waits on it';
const ERASURE = 'an erasure removes what it left behind on every shard, once per erased consent';
const PURGE = 'the daily purge deletes past days on every shard';
const OWNER_LIST = 'an app’s list pages ask every shard for the page through the owner index and merge; the write paths go by id, so the id is the key';

const buildingBlocks: Record<string, CollectionSharding> = {
  processed_events: byId('consumers look up a batch of event ids (`$in`): targeted by the hashed id', {
    'groupId,processedDay': PURGE,
    'groupId,processedAt,processedDay': PURGE,
  }),
  idempotency_keys: byId('read and written by the key', { resourceId: ERASURE }),
  dead_lettered_keys: whole('a handful of keys whose events wait in a dead-letter topic'),
  job_claims: whole('one document a job under way; a few hundred at most'),
  maintenance_rounds: whole('one document a maintenance task'),
  share_grants: whole(
    'one small document a share, read by id (the share events) and by owner and grantee together (every read of shared data): no one key serves both, and a share grant is a few hundred bytes, so 10 million shares are a few GB on one shard',
  ),
  accounts: whole('a few small documents a consent, read by id and by consent: 30 million accounts fit one shard'),
  consents: byId('the projection of a consent, read and written by id', { userId: 'sequencing’s read of a user’s consents across apps asks every shard through the `userId` index; rare beside the reads by id' }),
  consent_results: byId('one result document a consent, read and written by id'),
  erased_consents: byId('erased ids, looked up by id'),
  history_months: {
    key: ['consentId'],
    hashed: true,
    why: 'a consent’s months of transactions, read whole by consent for an analysis or sequencing; the largest collection of each projection',
    scatters: {
      _id: 'a month’s bucket read again by its id (`<consentId>:<month>`) after a write conflict; the id holds the consent, so passing `consentId` along makes it targeted, the next step when these collections are sharded',
      '_id,transactionsGzip,version': 'a month’s bucket written by its id and the version read (a compare-and-set); as above, passing `consentId` along makes it targeted',
      bookingMonth: 'the pruning of months past the history window, on every shard, hourly',
      'bookingMonth,firstBooked': 'the pruning of months past the history window, on every shard, hourly',
    },
  },
};

/** By database (the service's own, `building-blocks` for the shared building blocks' own tests), then collection. */
export const collectionSharding: Readonly<Record<string, Readonly<Record<string, CollectionSharding>>>> = {
  'building-blocks': buildingBlocks,
  edge: {
    oauth_clients: whole('one document an app'),
    signing_keys: whole('a handful of keys, read whole into memory'),
    signing_key_pointer: whole('one document'),
    rate_limit_blocks: byId('one insert a block of an app’s bucket, by id', { expiresMinute: PURGE, expiresDay: PURGE }),
  },
  share: {
    ...buildingBlocks,
    shares: byId(OWNER_LIST, {
      hasOutbox: OUTBOX_POLL,
      'deletedAt,ownerClientId': OWNER_LIST,
      'deletedAt,expirationDateUtc,ownerClientId': OWNER_LIST,
      'consentIds,deletedAt': 'a consent’s erasure finds the shares naming it, once per erasure',
      'accountIds,deletedAt': 'a consent’s erasure finds the shares naming its accounts, once per erasure',
      'deletedAt,listBlock': 'a page of an app’s list reads the one or two blocks it spans (at most 500 shares each) through the `listBlock` index on every shard, and merges; the reconciler counts a block the same way, rarely',
      'deletedAt,listBlock,listExpired': 'a page of an app’s list by expiry reads the one or two blocks it spans, of one kind, through the `listBlock` index on every shard, and merges; the reconciler counts a block the same way, rarely',
      'deletedAt,listDue': 'a page of an app’s list by expiry, and the mover once a minute, read the app’s shares due in the last few minutes through the `listDue` index on every shard',
      'deletedAt,listPosition,ownerClientId': 'the build of an app’s list reads its shares made before the lists, once',
      deletedAt: 'the build of the share lists finds every app with shares, once',
    }),
    share_lists: byId('one document an app: its list’s next position, counts by block and changes under way, read and written by id', {
      open: 'the maintenance round looks for lists holding intents, once a minute',
      '': 'the maintenance round moves due shares of every list, once a minute',
      ready: 'the maintenance round looks for lists not yet built, once a minute after the build',
    }),
    share_list_build: whole('one document: whether the share lists were built'),
  },
  consent: {
    ...buildingBlocks,
    consents: byId(OWNER_LIST, {
      hasOutbox: OUTBOX_POLL,
      'deletedAt,fetchPending': DUE_WORK,
      'deletedAt,erasing': DUE_WORK,
      'bankAuthorizationPending,deletedAt': DUE_WORK,
      'deletedAt,housekeepingAt,housekeepingHour': DUE_WORK,
      'deletedAt,erasedAt': 'a full maintenance round (the first of a database, or under new settings) reads every consent once',
      '_id,deletedAt,erasedAt': 'the later pages of that full round, by id',
      'deletedAt,erasedAt,erasing': 'a full maintenance round reads every consent once',
      'deletedAt,erasedAt,ownerClientId': OWNER_LIST,
      'deletedAt,erasedAt,ownerClientId,userId': OWNER_LIST,
      'deletedAt,erasedAt,externalUserId,ownerClientId': OWNER_LIST,
    }),
    accounts: whole('a few small documents a consent, read by id and by consent: 30 million accounts fit one shard'),
    transaction_buckets: {
      key: ['accountId'],
      hashed: true,
      why: 'an account’s months of transactions, one bucket a month: every page of `GET /accounts/{id}/transactions` reads by account; the largest collection of the platform',
      scatters: {
        consentId: 'a fetch or import reads the consent’s buckets once before storing, and an erasure deletes them: background work, once per fetch',
        _id: 'the buckets of one account’s months by id (`<accountId>:<month>`) in a fetch’s compare-and-set; the id holds the account, so passing `accountId` along makes it targeted, the next step when this collection is sharded',
      },
    },
    refresh_requests: byId('an app’s refreshes of a consent, read by consent through its index', {
      consentId: 'the refreshes of one consent today (at most the daily limit), read before each refresh; a consent’s erasure deletes them',
      requestedDay: PURGE,
      'requestedAt,requestedDay': PURGE,
    }),
    statement_imports: whole('one document an uploaded statement file'),
    statement_files: whole('an uploaded file’s chunks, kept until it is imported'),
    xs2a_providers: whole('one document a configured bank'),
  },
  sequencing: { ...buildingBlocks },
  analysis: {
    ...buildingBlocks,
    analysis_jobs: byId(OWNER_LIST, {
      hasOutbox: OUTBOX_POLL,
      'deletedAt,runPending': DUE_WORK,
      'deletedAt,waitingFor': 'the jobs waiting for one consent or job, read when it arrives: once per fetch',
      'deletedAt,erasureIds': ERASURE,
      'deletedAt,ownerClientId': OWNER_LIST,
      'deletedAt,ownerClientId,reference,status': OWNER_LIST,
    }),
    analysis_results: byId('one result a job, read by the job’s id', { consentIds: ERASURE }),
    accepted_feedback: {
      key: ['ownerClientId'],
      why: 'an app’s accepted corrections, read whole by the app for each analysis',
      scatters: { _id: 'a correction withdrawn or erased is deleted by its id; rare' },
    },
  },
  feedback: {
    ...buildingBlocks,
    feedback_items: byId(OWNER_LIST, {
      hasOutbox: OUTBOX_POLL,
      'deletedAt,ownerClientId': OWNER_LIST,
      'deletedAt,ownerClientId,status': OWNER_LIST,
      'deletedAt,ownerClientId,transactionId': 'a new correction supersedes the app’s earlier one of the transaction: one read per submission',
      'deletedAt,status': 'the reviewers’ queue spans every app',
      'categoryPaths,deletedAt,status': 'the reviewers’ queue spans every app',
      'counterpartyKey,deletedAt': 'a decision looks for the other open corrections of the counterparty, across apps',
      'accountId,deletedAt': ERASURE,
    }),
    transaction_accounts: byId('which account and consent a transaction is on, one small document a transaction of every consent (5 billion at the capacity below), read by the transaction’s id when a correction names it', {
      consentId: ERASURE,
    }),
    erased_accounts: byId('erased ids, looked up by id'),
  },
  webhooks: {
    ...buildingBlocks,
    webhook_endpoints: byId('one document an endpoint, read by id and by app', {
      hasOutbox: OUTBOX_POLL,
      'deletedAt,ownerClientId': 'an app’s endpoints, read for each event to fan it out; a handful per app',
    }),
    webhook_messages: byId('a message to one endpoint, written by id at every step of its delivery (through the aggregate store, by id and version): the writes are the hot path, so the id is the key', {
      'deletedAt,endpointId,status': 'the pending lanes of the endpoints of a consumed run of events: one read per run (up to 500 events), not per delivery',
      'createdDay,deletedAt,endpointId': 'an endpoint’s delivery log by day, read by its app: a list across shards, merged',
      endpointId: 'an endpoint’s deletion removes its messages: once per endpoint',
      'deletedAt,status': DUE_WORK,
      'deletedAt,erasureIds': ERASURE,
      createdDay: PURGE,
      'createdAt,createdDay': PURGE,
    }),
    webhook_attempts: byId('the record of each attempt, inserted once', {
      endpointId: 'an endpoint’s attempts, counted for its delivery log or removed with it: a list across shards, merged',
      'attemptedDay,endpointId': 'an endpoint’s attempts by day, read by its app: a list across shards, merged',
      messageId: ERASURE,
      attemptedDay: PURGE,
      'attemptedAt,attemptedDay': PURGE,
    }),
    erased_ids: byId('erased ids, looked up by id'),
  },
};

/** The sharding of `collection` in the database named `database` (a service's, or `building-blocks`). */
export function shardingOf(database: string, collection: string): CollectionSharding | undefined {
  return collectionSharding[database]?.[collection];
}

/** The name a scatter is listed under: the filter's top-level fields, sorted, joined by `,`. */
export const scatterName = (filter: Record<string, unknown>): string => Object.keys(filter).sort().join(',');

export const SHARDING_TABLE_START = '<!-- sharding table: npx tsx scripts/sharding-table.ts -->';
export const SHARDING_TABLE_END = '<!-- end of sharding table -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The plan as a markdown table: a row a collection, its key and why, then its scatters and why. */
export function renderShardingTable(plan: typeof collectionSharding = collectionSharding): string {
  const rows = ['| database | collection | shard key | why | queries to every shard, and why |', '|---|---|---|---|---|'];
  for (const [database, collections] of Object.entries(plan)) {
    for (const [collection, sharding] of Object.entries(collections).sort(([a], [b]) => a.localeCompare(b))) {
      const key = sharding.key === null ? 'not sharded' : `\`{ ${sharding.key.map((field, i) => `${field}: ${i === 0 && sharding.hashed ? "'hashed'" : '1'}`).join(', ')} }\``;
      const scatters = Object.entries(sharding.scatters ?? {})
        .map(([fields, why]) => `by \`${fields}\`: ${why}`)
        .join('<br>');
      rows.push(`| ${database} | ${collection} | ${key} | ${cell(sharding.why)} | ${cell(scatters)} |`);
    }
  }
  return rows.join('\n');
}

/** `document` with its sharding table replaced by `table` (between the markers). */
export function withShardingTable(document: string, table: string): string {
  const start = document.indexOf(SHARDING_TABLE_START);
  const end = document.indexOf(SHARDING_TABLE_END);
  if (start < 0 || end < start) throw new Error('the document has no sharding table markers');
  return `${document.slice(0, start + SHARDING_TABLE_START.length)}\n${table}\n${document.slice(end)}`;
}
