// Secondary indexes: the default query name, a sort key, an index name, a chosen query name, and none.
import { a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  Widget: a
    .model({
      title: a.string().required(),
      description: a.string().required(),
      timestamp: a.integer().required(),
      region: a.string(),
      status: a.ref('WidgetStatus'),
    })
    .secondaryIndexes((index) => [
      index('title'),
      index('title').sortKeys(['timestamp']),
      index('title').name('myGSI').sortKeys(['description', 'timestamp']).queryField('byTitleDescTs'),
      index('region').queryField(null),
      index('status').sortKeys(['timestamp']),
    ]),
  WidgetStatus: a.enum(['DRAFT', 'LIVE']),
}).authorization((allow) => [allow.publicApiKey()]);

export const data = defineData({ schema });
