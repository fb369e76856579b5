// Enums and custom types, inline (hoisted as <Model><Field>) and at the top level; every scalar builder;
// defaults; lists with and without required elements.
import { a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  Location: a.customType({
    lat: a.float(),
    long: a.float(),
  }),
  Visibility: a.enum(['PUBLIC', 'PRIVATE']),
  Post: a.model({
    title: a.string().default('Untitled'),
    views: a.integer().default(0),
    rating: a.float().default(4.5),
    featured: a.boolean().default(false),
    tags: a.string().array(),
    labels: a.string().required().array().required(),
    optionalList: a.string().array().required(),
    visibility: a.ref('Visibility').required(),
    history: a.ref('Visibility').array(),
    location: a.ref('Location').required(),
    accessLevel: a.enum(['public', 'protected', 'private']),
    meta: a.customType({
      source: a.string(),
      kind: a.enum(['IMPORTED', 'WRITTEN']),
    }),
  }),
  Everything: a.model({
    anId: a.id(),
    aString: a.string(),
    anInteger: a.integer(),
    aFloat: a.float(),
    aBoolean: a.boolean(),
    aDate: a.date(),
    aTime: a.time(),
    aDatetime: a.datetime(),
    aTimestamp: a.timestamp(),
    anEmail: a.email(),
    aJson: a.json(),
    aPhone: a.phone(),
    aUrl: a.url(),
    anIpAddress: a.ipAddress(),
  }),
}).authorization((allow) => [allow.publicApiKey()]);

export const data = defineData({ schema });
