// The MongoDB Node.js driver against a MongoLake replica set member: change streams (next event,
// resume after a token, a database stream) and snapshot sessions. Run as:
//   node node-driver-replica-set.js <connection string with replicaSet=...> <database>
// Prints one JSON line per check ({"check": name, "ok": bool, ...}) and a final
// {"done": true, "failures": n} line; exits 1 when any check failed.
'use strict';
const { MongoClient } = require('mongodb');

const [uri, dbName] = process.argv.slice(2);
let failures = 0;

function report(check, ok, value) {
  if (!ok) failures++;
  console.log(JSON.stringify({ check, ok, value }));
}

async function check(name, fn, expect) {
  try {
    const value = await fn();
    report(name, expect(value), value);
  } catch (e) {
    report(name, false, { error: String(e && e.message), code: e && e.code });
  }
}

async function main() {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    const db = client.db(dbName);
    const items = db.collection('items');
    let token;

    await check('watch insert and update', async () => {
      const stream = items.watch([], { maxAwaitTimeMS: 200 });
      // The driver opens the stream on its first read: open it before writing.
      await stream.tryNext();
      await items.insertOne({ _id: 1, qty: 1 });
      await items.updateOne({ _id: 1 }, { $set: { qty: 2 } });
      const first = await stream.next();
      const second = await stream.next();
      token = second._id;
      await stream.close();
      return {
        types: [first.operationType, second.operationType],
        inserted: first.fullDocument,
        updated: second.updateDescription.updatedFields
      };
    }, v => v.types.join() === 'insert,update' && v.inserted.qty === 1 && v.updated.qty === 2);

    await check('resume after a token', async () => {
      await items.deleteOne({ _id: 1 });
      const stream = items.watch([], { resumeAfter: token, maxAwaitTimeMS: 200 });
      const next = await stream.next();
      await stream.close();
      return { type: next.operationType, id: next.documentKey._id };
    }, v => v.type === 'delete' && v.id === 1);

    await check('database stream', async () => {
      const stream = db.watch([{ $match: { operationType: 'insert' } }], { maxAwaitTimeMS: 200 });
      await stream.tryNext();
      await db.collection('other').insertOne({ _id: 'x' });
      const next = await stream.next();
      await stream.close();
      return { coll: next.ns.coll, id: next.documentKey._id };
    }, v => v.coll === 'other' && v.id === 'x');

    await check('snapshot session', async () => {
      await items.insertMany([{ _id: 10 }, { _id: 11 }]);
      const session = client.startSession({ snapshot: true });
      try {
        const before = await items.countDocuments({}, { session });
        await items.insertOne({ _id: 12 });
        const after = (await items.find({}, { session }).toArray()).length;
        const now = await items.countDocuments({});
        return { before, after, now };
      } finally {
        await session.endSession();
      }
    }, v => v.before === 2 && v.after === 2 && v.now === 3);

    await check('withTransaction', async () => {
      const accounts = db.collection('accounts');
      await accounts.insertMany([{ _id: 1, balance: 100 }, { _id: 2, balance: 0 }]);
      const stream = db.watch([], { maxAwaitTimeMS: 200 });
      await stream.tryNext();
      const session = client.startSession();
      let seenInside;
      try {
        await session.withTransaction(async () => {
          await accounts.updateOne({ _id: 1 }, { $inc: { balance: -30 } }, { session });
          await accounts.updateOne({ _id: 2 }, { $inc: { balance: 30 } }, { session });
          seenInside = await accounts.countDocuments({ balance: 30 }, { session });
        });
      } finally {
        await session.endSession();
      }
      const events = [await stream.next(), await stream.next()];
      await stream.close();
      const aborted = client.startSession();
      try {
        aborted.startTransaction();
        await accounts.insertOne({ _id: 3 }, { session: aborted });
        await aborted.abortTransaction();
      } finally {
        await aborted.endSession();
      }
      const balances = (await accounts.find({}).sort({ _id: 1 }).toArray()).map(d => d.balance);
      return {
        seenInside,
        balances,
        events: events.map(e => e.operationType),
        inTransaction: events.every(e => e.txnNumber !== undefined && e.lsid !== undefined),
        count: await accounts.countDocuments({})
      };
    }, v => v.seenInside === 1 && v.balances.join() === '70,30' && v.count === 2 &&
      v.events.join() === 'update,update' && v.inTransaction);
  } finally {
    await client.close();
  }
}

main()
  .catch(e => report('unexpected error', false, { error: String(e && e.stack) }))
  .finally(() => {
    console.log(JSON.stringify({ done: true, failures }));
    process.exitCode = failures > 0 ? 1 : 0;
  });
