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

// Secondary indexes do not exist yet: createIndexes must fail with CommandNotFound (59).
try {
  const created = people.createIndex({ name: 1 });
  report('createIndex is refused', false, { created });
} catch (e) {
  report('createIndex is refused', e.code === 59 && e.codeName === 'CommandNotFound',
    { code: e.code, codeName: e.codeName });
}

check('getIndexes', () => people.getIndexes(),
  indexes => indexes.length === 1 && indexes[0].name === '_id_' && indexes[0].key._id === 1);

check('db.version', () => db.version(), v => typeof v === 'string' && /^\d+\.\d+\.\d+/.test(v));

print(JSON.stringify({ done: true, failures }));
if (failures > 0) quit(1);
