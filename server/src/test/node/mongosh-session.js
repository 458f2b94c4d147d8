// A scripted mongosh session against a MongoLake server. Run as:
//   mongosh --quiet --norc <connection string>/<database> --file mongosh-session.js
// Prints one JSON line per check ({"check": name, "ok": bool, ...}) and a final
// {"done": true, "failures": n} line; exits 1 when any check failed.
let failures = 0;

function report(check, ok, value) {
  if (!ok) failures++;
  print(EJSON.stringify({ check, ok, value }, { relaxed: true }));
}

function check(name, fn, expect) {
  try {
    const value = fn();
    report(name, expect(value), value);
  } catch (e) {
    report(name, false, { error: String(e && e.message), code: e && e.code });
  }
}

const people = db.getCollection('people');

check('insertOne', () => people.insertOne({ _id: 1, name: 'Ada', visits: 1 }),
  r => r.acknowledged === true && r.insertedId === 1);

check('insertOne second', () => people.insertOne({ _id: 2, name: 'Brian', visits: 7 }),
  r => r.acknowledged === true && r.insertedId === 2);

check('find', () => people.find({ name: 'Ada' }).toArray(),
  docs => docs.length === 1 && docs[0]._id === 1 && docs[0].visits === 1);

check('updateOne', () => people.updateOne({ _id: 1 }, { $inc: { visits: 4 } }),
  r => r.matchedCount === 1 && r.modifiedCount === 1);

check('findOne after update', () => people.findOne({ _id: 1 }),
  doc => doc !== null && doc.visits === 5);

check('aggregate', () => people.aggregate([
  { $match: { visits: { $gte: 1 } } },
  { $group: { _id: null, total: { $sum: '$visits' }, n: { $sum: 1 } } }
]).toArray(),
  docs => docs.length === 1 && docs[0].total === 12 && docs[0].n === 2);

check('createIndex', () => people.createIndex({ name: 1 }), name => name === 'name_1');

check('getIndexes', () => people.getIndexes(),
  indexes => indexes.length === 2 && indexes[0].name === '_id_' && indexes[0].key._id === 1
    && indexes[1].name === 'name_1' && indexes[1].key.name === 1);

check('stats', () => people.stats(),
  s => s.ok === 1 && s.count === 2 && s.nindexes === 2 && s.ns.endsWith('.people'));

check('createView', () => db.createView('frequent', 'people', [{ $match: { visits: { $gte: 6 } } }]),
  r => r.ok === 1);

check('view find', () => db.getCollection('frequent').find({}, { _id: 0, name: 1 }).toArray(),
  docs => docs.length === 1 && docs[0].name === 'Brian');

check('view insert refused', () => {
  try {
    db.getCollection('frequent').insertOne({ name: 'Cleo' });
    return { code: null };
  } catch (e) {
    return { code: e.code, message: e.message };
  }
}, r => r.code === 166);

check('indexStats', () => people.aggregate([{ $indexStats: {} }, { $sort: { name: 1 } }]).toArray(),
  docs => docs.length === 2 && docs[0].name === '_id_' && docs[1].name === 'name_1');

check('pipeline update', () => people.updateOne({ _id: 2 },
  [{ $set: { label: { $concat: ['$name', '!'] } } }, { $unset: 'missing' }]),
  r => r.matchedCount === 1 && r.modifiedCount === 1);

check('expr find', () => people.find({ $expr: { $gt: ['$visits', 6] } }, { _id: 0, label: 1 }).toArray(),
  docs => docs.length === 1 && docs[0].label === 'Brian!');

check('db.version', () => db.version(), v => typeof v === 'string' && /^\d+\.\d+\.\d+/.test(v));

print(JSON.stringify({ done: true, failures }));
if (failures > 0) quit(1);
