package dev.mongolake.aggregate.window;

import static dev.mongolake.aggregate.StageHarness.documents;

import java.util.List;
import org.bson.BsonDocument;

/** The manual's cakeSales collection, which its window stage examples read. */
final class CakeSales {
  private CakeSales() {}

  static final List<BsonDocument> CAKE_SALES =
      documents(
          "{_id: 0, type: 'chocolate', orderDate: {$date: '2020-05-18T14:10:30Z'}, state: 'CA',"
              + " price: 13, quantity: 120}",
          "{_id: 1, type: 'chocolate', orderDate: {$date: '2021-03-20T11:30:05Z'}, state: 'WA',"
              + " price: 14, quantity: 140}",
          "{_id: 2, type: 'vanilla', orderDate: {$date: '2021-01-11T06:31:15Z'}, state: 'CA',"
              + " price: 12, quantity: 145}",
          "{_id: 3, type: 'vanilla', orderDate: {$date: '2020-02-08T13:13:23Z'}, state: 'WA',"
              + " price: 13, quantity: 104}",
          "{_id: 4, type: 'strawberry', orderDate: {$date: '2019-05-18T16:09:01Z'}, state: 'CA',"
              + " price: 41, quantity: 162}",
          "{_id: 5, type: 'strawberry', orderDate: {$date: '2019-01-08T06:12:03Z'}, state: 'WA',"
              + " price: 43, quantity: 134}");
}
