// @ts-check
import { initSchema } from '@aws-amplify/datastore';
import { schema } from './schema';



const { Book, Edition, CustomerNoId, CustomerWithId, CustomerCustomKey, CustomerIdKey, CustomerIdSortKey, CustomerIdInSortKey, CustomerZip } = initSchema(schema);

export {
  Book,
  Edition,
  CustomerNoId,
  CustomerWithId,
  CustomerCustomKey,
  CustomerIdKey,
  CustomerIdSortKey,
  CustomerIdInSortKey,
  CustomerZip
};