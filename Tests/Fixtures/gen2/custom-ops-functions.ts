// Custom queries, mutations and subscriptions answered by functions: named by a string, by defineFunction (its
// own name), by an imported function whose module is not read (its binding's name), a pipeline, an async call;
// arguments and returns of every kind; rules of their own or the schema's.
import { a, defineData, defineFunction, type ClientSchema } from '@aws-amplify/backend';
import { sayHello } from '../functions/say-hello/resource';

const echoHandler = defineFunction({ name: 'echo-handler', entry: './echo/handler.ts' });
const priceHandler = defineFunction({ entry: './price/price-cart.ts' });

const schema = a.schema({
  Post: a.model({
    title: a.string().required(),
    status: a.ref('Status'),
  }),
  Status: a.enum(['DRAFT', 'PUBLISHED']),
  Address: a.customType({
    street: a.string().required(),
    geo: a.customType({ lat: a.float(), lng: a.float() }),
    kind: a.enum(['HOME', 'WORK']),
  }),
  EchoResponse: a.customType({ content: a.string(), executionDuration: a.float() }),

  echo: a
    .query()
    .arguments({ content: a.string().required(), times: a.integer().array() })
    .returns(a.ref('EchoResponse'))
    .handler(a.handler.function(echoHandler))
    .authorization((allow) => [allow.publicApiKey()]),
  sayHello: a
    .query()
    .arguments({ name: a.string() })
    .returns(a.string())
    .handler(a.handler.function(sayHello))
    .authorization((allow) => [allow.authenticated(), allow.groups(['Admin', 'Support'])]),
  postsByStatus: a
    .query()
    .arguments({ status: a.ref('Status').required(), order: a.enum(['ASC', 'DESC']) })
    .returns(a.ref('Post').required().array().required())
    .handler(a.handler.function('posts-by-status'))
    .authorization((allow) => allow.authenticated('oidc')),
  checkout: a
    .mutation()
    .arguments({
      shipTo: a.ref('Address').required(),
      cart: a.customType({ sku: a.string().required(), quantity: a.integer(), gift: a.enum(['YES', 'NO']) }),
    })
    .returns(a.customType({ order: a.string().required(), total: a.float(), line: a.customType({ sku: a.string() }) }))
    .handler([a.handler.function(priceHandler), a.handler.function('charge'), a.handler.function(echoHandler)])
    .authorization((allow) => [allow.group('Buyers')]),
  mood: a
    .query()
    .returns(a.enum(['HAPPY', 'GRUMPY']))
    .handler(a.handler.function('mood')),
  notify: a
    .mutation()
    .arguments({ message: a.string() })
    .handler(a.handler.function(sayHello).async())
    .authorization((allow) => [allow.publicApiKey()]),
  publishPost: a
    .mutation()
    .arguments({ id: a.id().required() })
    .returns(a.ref('Post'))
    .handler(a.handler.function('publish-post'))
    .authorization((allow) => [allow.authenticated()]),
  onPostChange: a
    .subscription()
    .for([a.ref('publishPost'), a.ref('Post').mutations(['create', 'update'])])
    .handler(a.handler.function('filter-posts'))
    .authorization((allow) => [allow.authenticated()]),
  onCheckout: a
    .subscription()
    .for(a.ref('checkout'))
    .handler(a.handler.function('filter-orders')),
}).authorization((allow) => [allow.publicApiKey(), allow.resource(sayHello)]);

export type Schema = ClientSchema<typeof schema>;

export const data = defineData({
  schema,
  authorizationModes: { defaultAuthorizationMode: 'apiKey', apiKeyAuthorizationMode: { expiresInDays: 30 } },
});
