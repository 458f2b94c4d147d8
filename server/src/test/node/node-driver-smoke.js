// A smoke session through the MongoDB Node.js driver against a MongoLake server. Run as:
//   node node-driver-smoke.js <connection string> <database>
// Prints one JSON line per check ({"check": name, "ok": bool, ...}) and a final
// {"done": true, "failures": n} line; exits 1 when any check failed.
'use strict';
const { MongoClient, MongoServerError } = require('mongodb');

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
  // A short heartbeat so that the streaming protocol's awaited heartbeats arrive during the run.
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: 5000,
    monitorCommands: true,
    heartbeatFrequencyMS: 500
  });
  let getMores = 0;
  const heartbeats = { succeeded: 0, awaited: 0, failed: 0, failures: [] };
  client.on('commandStarted', event => {
    if (event.commandName === 'getMore') getMores++;
  });
  client.on('serverHeartbeatSucceeded', event => {
    heartbeats.succeeded++;
    if (event.awaited) heartbeats.awaited++;
  });
  client.on('serverHeartbeatFailed', event => {
    heartbeats.failed++;
    heartbeats.failures.push(String(event.failure && event.failure.message));
  });
  try {
    await check('connect', async () => {
      await client.connect();
      return (await client.db('admin').command({ ping: 1 })).ok;
    }, ok => ok === 1);

    const items = client.db(dbName).collection('items');

    await check('insertMany', async () => {
      const docs = Array.from({ length: 10 }, (_, i) => ({ _id: i + 1, sku: `s${i + 1}`, qty: (i + 1) * 10 }));
      return (await items.insertMany(docs)).insertedCount;
    }, n => n === 10);

    await check('find sort limit', async () =>
      (await items.find({ qty: { $gte: 30 } }).sort({ qty: -1 }).limit(3).toArray()).map(d => d._id),
    ids => JSON.stringify(ids) === '[10,9,8]');

    await check('updateOne', async () => {
      const r = await items.updateOne({ _id: 1 }, { $set: { qty: 1000 }, $inc: { edits: 1 } });
      const doc = await items.findOne({ _id: 1 });
      return { matched: r.matchedCount, modified: r.modifiedCount, qty: doc.qty, edits: doc.edits };
    }, v => v.matched === 1 && v.modified === 1 && v.qty === 1000 && v.edits === 1);

    await check('deleteOne', async () => {
      const r = await items.deleteOne({ _id: 2 });
      return { deleted: r.deletedCount, remaining: await items.countDocuments({}) };
    }, v => v.deleted === 1 && v.remaining === 9);

    await check('aggregate', async () => items.aggregate([
      { $match: { _id: { $lte: 5 } } },
      { $group: { _id: null, total: { $sum: '$qty' }, n: { $sum: 1 } } },
      { $project: { _id: 0, total: 1, n: 1 } }
    ]).toArray(), docs => docs.length === 1 && docs[0].total === 1120 && docs[0].n === 4);

    await check('cursor across batches', async () => {
      const many = client.db(dbName).collection('many');
      await many.insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: i, even: i % 2 === 0 })));
      const before = getMores;
      let count = 0;
      let last = -1;
      let ordered = true;
      for await (const doc of many.find({}).sort({ _id: 1 }).batchSize(40)) {
        if (doc._id !== last + 1) ordered = false;
        last = doc._id;
        count++;
      }
      return { count, ordered, getMores: getMores - before };
    }, v => v.count === 250 && v.ordered && v.getMores >= 6);

    await check('duplicate key', async () => {
      try {
        await items.insertOne({ _id: 3, sku: 'again' });
        return { inserted: true };
      } catch (e) {
        return { inserted: false, serverError: e instanceof MongoServerError, code: e.code };
      }
    }, v => v.inserted === false && v.serverError && v.code === 11000);

    // Server monitoring streams (awaitable hello over an exhaust stream, replies flagged
    // moreToCome) and must not fail: a failed heartbeat clears the pool under running operations.
    await check('heartbeats', async () => {
      const deadline = Date.now() + 5000;
      while (heartbeats.awaited < 2 && heartbeats.failed === 0 && Date.now() < deadline) {
        await new Promise(resolve => setTimeout(resolve, 50));
      }
      return { ...heartbeats };
    }, v => v.awaited >= 2 && v.failed === 0);
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
