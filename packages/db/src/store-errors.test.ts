import { mongo } from 'mongoose';
import { isStoreUnavailable } from './store-errors';

/**
 * The error responses FerretDB 1.x sent while its PostgreSQL was SIGKILLed and started again, recorded from
 * the driver (name, code, codeName, errmsg) with operations running against a real FerretDB.
 */
const recorded = {
  insertWhenKilled: '[msg_insert.go:168 handler.(*Handler).MsgInsert] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)',
  findWhenKilled:
    '[msg_find.go:371 handler.handleMaxTimeMSError] [values.go:74 iterator.ConsumeValuesN[...]] [projection_iterator.go:60 common.(*projectionIterator).Next] [filter_iterator.go:52 common.(*filterIterator).Next] [query_iterator.go:92 postgresql.(*queryIterator).Next] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)',
  updateWhenKilled:
    '[msg_update.go:133 handler.(*Handler).updateDocument] [update.go:59 common.UpdateDocument] [filter_iterator.go:52 common.(*filterIterator).Next] [query_iterator.go:92 postgresql.(*queryIterator).Next] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)',
  findAndModifyWhenKilled:
    '[msg_findandmodify.go:196 handler.(*Handler).findAndModifyDocument] [update.go:114 common.UpdateDocument] [collection.go:259 postgresql.(*collection).UpdateAll] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)',
  countWhenKilled:
    '[msg_find.go:371 handler.handleMaxTimeMSError] [group.go:239 stages.(*group).groupDocuments] [filter_iterator.go:52 common.(*filterIterator).Next] [query_iterator.go:92 postgresql.(*queryIterator).Next] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)',
  findWhileDown:
    '[msg_find.go:371 handler.handleMaxTimeMSError] [collection.go:140 postgresql.(*collection).Query] failed to connect to `user=postgres database=ferretdb`:\n\t127.0.0.1:28369 (127.0.0.1): dial error: dial tcp 127.0.0.1:28369: connect: connection refused\n\t127.0.0.1:28369 (127.0.0.1): dial error: dial tcp 127.0.0.1:28369: connect: connection refused',
  insertWhileStartingUp:
    '[msg_insert.go:168 handler.(*Handler).MsgInsert] failed to connect to `user=postgres database=ferretdb`:\n\t127.0.0.1:30887 (127.0.0.1): tls error: server refused TLS connection\n\t127.0.0.1:30887 (127.0.0.1): server error: FATAL: the database system is starting up (SQLSTATE 57P03)',
  // recorded by e2e/src/store-concurrent-writes.test.ts: the connection cut under a write's statement
  updateCutOff:
    '[msg_update.go:133 handler.(*Handler).updateDocument] [update.go:125 common.UpdateDocument] [collection.go:259 postgresql.(*collection).UpdateAll] [collection.go:250 postgresql.(*collection).UpdateAll.func1] unexpected EOF',
  findAndModifyCutOff:
    '[msg_findandmodify.go:200 handler.(*Handler).findAndModifyDocument] [update.go:125 common.UpdateDocument] [collection.go:259 postgresql.(*collection).UpdateAll] [collection.go:250 postgresql.(*collection).UpdateAll.func1] unexpected EOF',
  insertWhileDown:
    '[msg_insert.go:168 handler.(*Handler).MsgInsert] failed to connect to `user=postgres database=ferretdb`:\n\t127.0.0.1:28369 (127.0.0.1): dial error: dial tcp 127.0.0.1:28369: connect: connection refused\n\t127.0.0.1:28369 (127.0.0.1): dial error: dial tcp 127.0.0.1:28369: connect: connection refused',
};

const serverError = (errmsg: string, code = 1, codeName = 'InternalError') => new mongo.MongoServerError({ ok: 0, errmsg, code, codeName });
const bulkWriteError = (errmsg: string) => new mongo.MongoBulkWriteError(serverError(errmsg), {} as never);

describe('isStoreUnavailable', () => {
  it.each(Object.entries(recorded))('counts FerretDB’s InternalError for a PostgreSQL that is gone as the store unavailable (%s)', (_, errmsg) => {
    const error = serverError(errmsg);
    expect({ name: error.name, code: error.code, codeName: error.codeName }).toEqual({ name: 'MongoServerError', code: 1, codeName: 'InternalError' });
    expect(isStoreUnavailable(error)).toBe(true);
  });

  it.each([
    ['insertMany, PostgreSQL killed', recorded.insertWhenKilled],
    ['bulkWrite, PostgreSQL down', recorded.insertWhileDown],
  ])('counts the same answer to a bulk write as the store unavailable (%s)', (_, errmsg) => {
    const error = bulkWriteError(errmsg);
    expect(error.name).toBe('MongoBulkWriteError');
    expect(isStoreUnavailable(error)).toBe(true);
  });

  // Not seen in the recordings, but the SQLSTATEs PostgreSQL gives a client while it recovers after a crash, shuts
  // down, or has no connection slot left, as FerretDB passes them on.
  it.each([
    ['in recovery', 'FATAL: the database system is in recovery mode (SQLSTATE 57P03)'],
    ['shut down', 'FATAL: terminating connection due to administrator command (SQLSTATE 57P01)'],
    ['crash of another backend', 'FATAL: terminating connection because of crash of another server process (SQLSTATE 57P02)'],
    ['too many connections', 'FATAL: sorry, too many clients already (SQLSTATE 53300)'],
    ['connection failure', 'FATAL: connection to client lost (SQLSTATE 08006)'],
    ['connection closed', '[collection.go:250 postgresql.(*collection).UpdateAll.func1] conn closed'],
    ['connection reset', '[collection.go:140 postgresql.(*collection).Query] read tcp 127.0.0.1:5433->127.0.0.1:40000: read: connection reset by peer'],
    ['broken pipe', '[collection.go:140 postgresql.(*collection).Query] write tcp 127.0.0.1:5433->127.0.0.1:40000: write: broken pipe'],
  ])('counts PostgreSQL %s as the store unavailable', (_, message) => {
    expect(isStoreUnavailable(serverError(`[msg_insert.go:168 handler.(*Handler).MsgInsert] ${message}`))).toBe(true);
  });

  it.each(['40P01', '40001'])('counts a write PostgreSQL gave up on to break a deadlock or a serialization failure (SQLSTATE %s) as the store unavailable: tried again later', (state) => {
    const errmsg = `[msg_delete.go:200 handler.(*Handler).execDelete] [collection.go:300 postgresql.(*collection).DeleteAll] ERROR: deadlock detected (SQLSTATE ${state})`;
    expect(isStoreUnavailable(serverError(errmsg))).toBe(true);
  });

  it('counts a bulk write cut off by FerretDB going away as the store unavailable (recorded: its errorResponse is the network error)', () => {
    const network = new mongo.MongoNetworkError('connection 2 to 127.0.0.1:18103 closed');
    const error = new mongo.MongoBulkWriteError(network as never, {} as never);
    expect({ name: error.name, message: error.message, response: (error.errorResponse as unknown as Error).name }).toEqual({ name: 'MongoBulkWriteError', message: 'connection 2 to 127.0.0.1:18103 closed', response: 'MongoNetworkError' });
    expect(isStoreUnavailable(error)).toBe(true);
  });

  it('counts a driver error for FerretDB itself unreachable, also as the cause of another error', () => {
    const network = new mongo.MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017');
    expect(isStoreUnavailable(network)).toBe(true);
    expect(isStoreUnavailable(new Error('read failed', { cause: network }))).toBe(true);
    expect(isStoreUnavailable(new Error('read failed', { cause: serverError(recorded.insertWhenKilled) }))).toBe(true);
  });

  it('counts an error of our own that stopped because the store answered too slowly, also as a cause', () => {
    const tooSlow = Object.assign(new Error('the intent took too long'), { storeTooSlow: true as const });
    expect(isStoreUnavailable(tooSlow)).toBe(true);
    expect(isStoreUnavailable(new Error('wrapped', { cause: tooSlow }))).toBe(true);
    expect(isStoreUnavailable(Object.assign(new Error('not said'), { storeTooSlow: 'yes' }))).toBe(false);
  });

  it('counts an operation on the server or pool of a topology replaced as stuck as the store unavailable', () => {
    expect(isStoreUnavailable(new mongo.MongoServerClosedError())).toBe(true);
    expect(isStoreUnavailable(new mongo.MongoTopologyClosedError())).toBe(true);
    // The driver does not export its class of this one.
    const poolClosed = Object.defineProperty(new Error('Attempted to check out a connection from closed connection pool'), 'name', { value: 'MongoPoolClosedError' });
    expect(isStoreUnavailable(poolClosed)).toBe(true);
  });

  it.each([
    ['a duplicate key', serverError('E11000 duplicate key error collection: db.shares', 11000, 'DuplicateKey')],
    ['another PostgreSQL error', serverError('[msg_insert.go:168 handler.(*Handler).MsgInsert] ERROR: value too long for type character varying(10) (SQLSTATE 22001)')],
    ['a unique violation inside FerretDB', serverError('[msg_insert.go:168 handler.(*Handler).MsgInsert] ERROR: duplicate key value violates unique constraint (SQLSTATE 23505)')],
    ['an unavailable-looking message under another code', serverError('bad value: (SQLSTATE 57P01)', 2, 'BadValue')],
    ['a document that names the connection words', serverError('[msg_insert.go:168 handler.(*Handler).MsgInsert] invalid document: unexpected EOF in string', 1, 'InternalError')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a bulk write refused by the server', new mongo.MongoBulkWriteError(serverError('E11000 duplicate key error', 11000, 'DuplicateKey'), {} as never)],
  ])('leaves %s as it is (a 500, a dead letter)', (_, error) => {
    expect(isStoreUnavailable(error)).toBe(false);
  });
});
